/**
 * SPEC.md "Event matching":
 * 1. without service_instance, it is taken from the configuration item (done in submit-event);
 * 2. with a CI: an open request with the same source, service instance and CI,
 *    created within the past 24 hours, is updated instead of creating one;
 * 4. without a CI: a new request is prevented only if subject, note, account,
 *    source and requested_for equal those of an open request generated within
 *    the past 24 hours.
 * Only requests the caller may read are candidates: an end user's event never
 * updates (nor reveals) a request of somebody else.
 * The match key is locked first (submit-event.ts), so concurrent identical
 * events queue up and the second finds the request the first created.
 */
import type { OpenRequestCandidate, OpenRequestQuery } from '../ports/request.repository.js';
import type { RequestReadScope } from '../requests/request-read-scope.js';
import { DEFAULT_EVENT_SOURCE } from '../request-changes/change-sources.js';
import type { ResolvedReferences } from '../request-changes/resolve-references.js';
import { MATCH_WINDOW_HOURS, type EventInput } from './event-input.js';

/** Rules 2 and 4 as a query: which open requests an event could match, and under which lock key. */
export function matchQuery(input: EventInput, refs: ResolvedReferences, now: Date, scope: RequestReadScope): { lockKey: string; query: OpenRequestQuery } {
  const source = input.source ?? DEFAULT_EVENT_SOURCE;
  const since = new Date(now.getTime() - MATCH_WINDOW_HOURS * 3600_000);
  const visibleTo = scope.personId;
  const accountId = refs.account.id;
  if (refs.ci) {
    const serviceInstanceId = refs.serviceInstance?.id ?? null;
    return {
      lockKey: JSON.stringify(['ci', accountId, source, serviceInstanceId, refs.ci.id]),
      query: { source, since, visibleTo, ci: { id: refs.ci.id, serviceInstanceId } },
    };
  }
  return {
    lockKey: JSON.stringify(['no-ci', accountId, source, refs.requestedFor.id, input.subject!, input.note ?? null]),
    query: { source, since, visibleTo, withoutCi: { subject: input.subject!, requestedForId: refs.requestedFor.id, firstPublicNote: input.note ?? null } },
  };
}

/**
 * Of the candidates (newest first), the request the event matches: with a CI
 * the newest (rule 2); without one, the newest whose first public note is the
 * event's note, both absent counting as equal (rule 4).
 */
export function pickMatch(input: EventInput, refs: Pick<ResolvedReferences, 'ci'>, candidates: readonly OpenRequestCandidate[]): OpenRequestCandidate | null {
  if (refs.ci) return candidates[0] ?? null;
  const note = input.note ?? null;
  return candidates.find((candidate) => candidate.firstPublicNote === note) ?? null;
}
