/**
 * What creating a person writes, in one transaction: the person, their roles in the account, and
 * the change's audit line and `person.create` event (the one outbox, outbox/record-change.ts).
 */
import type { Role } from '../identity/roles.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { AccountId } from '../tenancy/account-id.js';

export interface NewPersonRow {
  account: AccountId;
  name: string;
  primaryEmail: string;
  locale: string;
  /** IANA time zone. */
  timeZone: string;
  /** `scrypt$…` (identity/password.ts); null: the person cannot sign in with a password. */
  passwordHash: string | null;
  roles: readonly Role[];
}

export interface PersonCreation extends Pick<Transaction, 'auditLines' | 'jobs'> {
  people: {
    /** The id of the person with that primary e-mail, whatever its case, in any account; null when none. */
    idByEmail(email: string): Promise<number | null>;
    /** Null when the e-mail was taken meanwhile (nothing written). */
    insert(person: NewPersonRow): Promise<number | null>;
  };
}

export interface PersonRegistry {
  /** The account by id (a tenant must exist before its people). */
  findAccount(id: string): Promise<{ id: AccountId; name: string } | null>;
  idByEmail(email: string): Promise<number | null>;
  transaction<T>(work: (tx: PersonCreation) => Promise<T>): Promise<T>;
}
