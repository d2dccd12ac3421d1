/**
 * SPEC.md "Event matching":
 * 1. without service_instance, it is taken from the configuration item (done in submit-event);
 * 2. with a CI: an open request with the same source, service instance and CI,
 *    created within the past 24 hours, is updated instead of creating one;
 * 4. without a CI: a new request is prevented only if subject, note, account,
 *    source and requested_for equal those of an open request generated within
 *    the past 24 hours.
 * Only requests the caller may read are candidates (the query carries the
 * caller's read scope): an end user's event never updates (nor reveals) a
 * request of somebody else. The storage applies rules 2 and 4 and the scope
 * (requests/request.repository.ts OpenRequestQuery); the newest candidate is the match.
 * The match key is locked first (submit-event.ts), so concurrent identical
 * events queue up and the second finds the request the first created.
 */
import type { OpenRequestCandidate, OpenRequestQuery } from '../requests/request.repository.js';
import type { RequestReadScope } from '../requests/request-read-scope.js';
import { DEFAULT_EVENT_SOURCE } from '../request-changes/change-sources.js';
import type { ResolvedReferences } from '../request-changes/resolve-references.js';
import { MATCH_WINDOW_HOURS, type EventInput } from './event-input.js';

/** Rules 2 and 4 as a query: which open requests an event could match, and under which lock key. */
export function matchQuery(input: EventInput, refs: ResolvedReferences, now: Date, scope: RequestReadScope): { lockKey: string; query: OpenRequestQuery } {
  const source = input.source ?? DEFAULT_EVENT_SOURCE;
  const since = new Date(now.getTime() - MATCH_WINDOW_HOURS * 3600_000);
  const accountId = refs.account.id;
  if (refs.ci) {
    const serviceInstanceId = refs.serviceInstance?.id ?? null;
    return {
      lockKey: JSON.stringify(['ci', accountId, source, serviceInstanceId, refs.ci.id]),
      query: { scope, source, since, ci: { id: refs.ci.id, serviceInstanceId } },
    };
  }
  return {
    lockKey: JSON.stringify(['no-ci', accountId, source, refs.requestedFor.id, input.subject!, input.note ?? null]),
    query: { scope, source, since, withoutCi: { subject: input.subject!, requestedForId: refs.requestedFor.id, firstPublicNote: input.note ?? null } },
  };
}

/** Of the candidates the match query found (newest first), the request the event matches: the newest. */
export function pickMatch(candidates: readonly OpenRequestCandidate[]): OpenRequestCandidate | null {
  return candidates[0] ?? null;
}
