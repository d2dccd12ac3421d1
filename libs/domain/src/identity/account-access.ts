/**
 * Who may act in which account (SPEC.md "GraphQL API authentication", rule 1;
 * the same header selects the account for REST):
 * - a person acts in the account their record belongs to;
 * - a person of a directory account also acts in each support domain of that
 *   directory account;
 * - nothing else crosses accounts.
 */
import type { AccountId } from '../tenancy/account-id.js';

export interface AccountRecord {
  id: AccountId;
  name: string;
  directoryAccountId: string | null;
}

export function canActInAccount(personAccount: AccountRecord, target: AccountRecord): boolean {
  if (personAccount.id === target.id) return true;
  return target.directoryAccountId !== null && target.directoryAccountId === personAccount.id;
}

/** People valid in an account: its own and those of its directory account. */
export function peopleAccountsOf(account: AccountRecord): string[] {
  return account.directoryAccountId ? [account.id, account.directoryAccountId] : [account.id];
}

/** A support domain of a directory account the person may act in: the only accounts `support_domain` may name. */
export function isSupportDomainFor(personAccount: AccountRecord, target: AccountRecord): boolean {
  return target.directoryAccountId !== null && canActInAccount(personAccount, target);
}

/** Account ids are short lower-case slugs, as in the reference platform (e.g. `wdc`). */
export const ACCOUNT_ID_PATTERN = /^[a-z][a-z0-9-]{1,62}$/;
