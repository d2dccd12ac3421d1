/**
 * What the maker of a request change may see in the account the request is
 * registered in (requests/request-read-scope.ts), checked before a write: an
 * end user's change reaches only their own requests, may not write an
 * internal note (which they could never read), and may not register a request
 * they could not read afterwards. The events intake and the request API both
 * write through it.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { Transaction } from '../ports/unit-of-work.js';
import { canReadRequest, requestReadScope, type RequestReadScope } from '../requests/request-read-scope.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { ChangeContext } from './change-context.js';
import type { RequestChangeInput } from './request-change-input.js';

export async function changeReadScope(
  input: Pick<RequestChangeInput, 'internal_note'>,
  account: AccountRecord,
  ctx: ChangeContext,
  tx: Pick<Transaction, 'people'>,
): Promise<RequestReadScope> {
  const { access } = ctx;
  // The access context holds the roles in the call's account; a support domain named by the event has its own.
  const roles = account.id === access.account.id ? access.roles : await tx.people.rolesIn(account.id, access.person.id);
  const scope = requestReadScope(access, account.id, roles);
  if (!scope.internalNotes && input.internal_note) throw forbidden('Internal notes need a role in the account');
  return scope;
}

export function requireReadable(scope: RequestReadScope, request: Pick<RequestRecord, 'account_id' | 'requested_by_id' | 'requested_for_id'>): void {
  if (!canReadRequest(scope, request)) throw forbidden('Without a role in the account, a request is registered only as its requester or for yourself');
}
