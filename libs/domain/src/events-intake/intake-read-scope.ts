/**
 * What the caller of the events intake may see in the registering account
 * (requests/request-read-scope.ts): an end user's event matches only their own
 * requests, may not write an internal note (which they could never read), and
 * may not register a request they could not read afterwards.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccountRecord } from '../identity/account-access.js';
import { canReadRequest, requestReadScope, type RequestReadScope } from '../requests/request-read-scope.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { EventInput } from './event-input.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { IntakeContext } from './intake-context.js';

export async function intakeReadScope(input: EventInput, account: AccountRecord, ctx: IntakeContext, tx: Pick<Transaction, 'people'>): Promise<RequestReadScope> {
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
