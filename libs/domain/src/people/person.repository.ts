import type { AccountRecord } from '../identity/account-access.js';
import type { Role } from '../identity/roles.js';
import type { PersonView } from './person-view.js';
import type { PersonLookup, PersonRef } from '../records/references.js';
import type { AccountId } from '../tenancy/account-id.js';

export interface PersonRepository {
  /**
   * An enabled person valid in the account: a person of the account itself, or
   * of its directory account (SPEC.md "Directory account": people are kept in
   * the directory account and work in its support domains). The one lookup of
   * people that crosses accounts, and only along that rule.
   */
  findValidIn(account: AccountRecord, by: PersonLookup): Promise<PersonRef | null>;
  /** The person's roles in that account. */
  rolesIn(account: AccountId, personId: number): Promise<Role[]>;
  /** The team ids of that account the person is a member of, in id order. */
  teamIdsIn(account: AccountId, personId: number): Promise<number[]>;
  /** The person's own record as `GET /me` shows it (their own account; nobody else's). */
  findOwnView(personId: number): Promise<PersonView | null>;
}
