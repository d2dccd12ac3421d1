/**
 * What `tessera person create` writes (create-person.ts): a person with a sign-in password's
 * digest, and their roles in an account; `/v1/people` is the record engine's. SQL:
 * libs/persistence people/.
 */
import type { Role } from '../identity/roles.js';
import type { AccountId } from '../tenancy/account-id.js';

/** The stored fields of a person that a change may set. */
export interface PersonFieldsRow {
  name: string;
  primary_email: string;
  locale: string;
  time_zone: string;
  disabled: boolean;
}

export interface PersonWriteRepository {
  /** The id of the person but `exceptId`, in any account, with that primary e-mail, whatever its case; null when none. */
  idWithEmail(email: string, exceptId?: number): Promise<number | null>;
  /**
   * A new person of the account, with a sign-in password's `scrypt$…` digest or none; null when the
   * primary e-mail was taken meanwhile (nothing written).
   */
  insert(account: AccountId, fields: PersonFieldsRow, passwordHash: string | null): Promise<number | null>;
  /** Replaces the person's roles in the account. */
  replaceRoles(account: AccountId, personId: number, roles: readonly Role[]): Promise<void>;
}
