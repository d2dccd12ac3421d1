/**
 * Who sees which requests (docs/decisions/007-request-visibility.md):
 * - a person with any role in the account (administrator, agent, specialist,
 *   auditor) sees every request of the account and every note;
 * - a person without a role there (an end user) sees only the requests they
 *   requested or that are requested for them, and never internal notes, as on
 *   the reference platform's self-service portal.
 * Every read of requests, and the events intake, goes through this scope.
 */
import type { AccessContext } from '../identity/access-context.js';
import type { Role } from '../identity/roles.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { RequestRecord } from './request-record.js';

export interface RequestReadScope {
  accountId: AccountId;
  /** When set, only requests this person requested or that are requested for them. */
  personId: number | null;
  internalNotes: boolean;
}

export function isEndUser(roles: readonly Role[]): boolean {
  return roles.length === 0;
}

export function requestReadScope(access: Pick<AccessContext, 'person'>, accountId: AccountId, roles: readonly Role[]): RequestReadScope {
  const endUser = isEndUser(roles);
  return { accountId, personId: endUser ? access.person.id : null, internalNotes: !endUser };
}

export function canReadRequest(scope: RequestReadScope, request: Pick<RequestRecord, 'account_id' | 'requested_by_id' | 'requested_for_id'>): boolean {
  if (request.account_id !== scope.accountId) return false;
  return scope.personId === null || request.requested_by_id === scope.personId || request.requested_for_id === scope.personId;
}
