/**
 * The request reads of REST and GraphQL (SPEC.md "Request"; who sees what:
 * request-read-scope.ts): a page of requests, one request, a request's notes,
 * all in the account of the call and needing request:Read.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { canReadRequest, requestReadScope, type RequestReadScope } from './request-read-scope.js';
import type { NoteView, RequestView } from './request-view.js';

type RequestReads = Pick<Repositories, 'requests' | 'notes'>;

function readScope(access: AccessContext): RequestReadScope {
  assertAllowed(access, 'request', 'Read');
  return requestReadScope(access, access.account.id, access.roles);
}

export function listRequests(access: AccessContext, query: CollectionQuery, repos: RequestReads): Promise<Page<RequestView>> {
  return repos.requests.listViews(readScope(access), query);
}

export async function getRequest(access: AccessContext, id: number, repos: RequestReads): Promise<RequestView> {
  const view = await repos.requests.findView(readScope(access), id);
  if (!view) throw notFound();
  return view;
}

export async function listRequestNotes(access: AccessContext, requestId: number, query: CollectionQuery, repos: RequestReads): Promise<Page<NoteView>> {
  const scope = readScope(access);
  const request = await repos.requests.find(scope.accountId, requestId);
  if (!request || !canReadRequest(scope, request)) throw notFound();
  return repos.notes.listViews(scope, requestId, query);
}
