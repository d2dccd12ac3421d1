/**
 * SPEC.md "Event matching":
 * 1. without service_instance, it is taken from the configuration item (done in resolve);
 * 2. with a CI: an open request with the same source, service instance and CI,
 *    created within the past 24 hours, is updated instead of creating one;
 * 4. without a CI: a new request is prevented only if subject, note, account,
 *    source and requested_for equal those of an open request generated within
 *    the past 24 hours.
 * Only requests the caller may read are candidates: an end user's event never
 * updates (nor reveals) a request of somebody else.
 * The match key is locked first, so concurrent identical events queue up and
 * the second finds the request the first created.
 */
import type { RequestReadScope } from '../requests/request-read-scope.js';
import type { RequestRecord } from '../requests/request-record.js';
import { DEFAULT_EVENT_SOURCE, MATCH_WINDOW_HOURS, type EventInput } from './event-input.js';
import type { EventsTransaction } from './events-store.js';
import type { IntakeContext } from './intake-context.js';
import type { ResolvedReferences } from './resolve-references.js';

export async function matchOpenRequest(
  input: EventInput,
  refs: ResolvedReferences,
  ctx: IntakeContext,
  scope: RequestReadScope,
  tx: EventsTransaction,
): Promise<RequestRecord | null> {
  const visibleTo = scope.personId;
  const source = input.source ?? DEFAULT_EVENT_SOURCE;
  const since = new Date(ctx.now.getTime() - MATCH_WINDOW_HOURS * 3600_000);
  const accountId = refs.account.id;
  if (refs.ci) {
    const serviceInstanceId = refs.serviceInstance?.id ?? null;
    await tx.lockMatchKey(JSON.stringify(['ci', accountId, source, serviceInstanceId, refs.ci.id]));
    return tx.findOpenRequestByCi(accountId, { source, serviceInstanceId, ciId: refs.ci.id, since, visibleTo });
  }
  const subject = input.subject!;
  const note = input.note ?? null;
  const requestedForId = refs.requestedFor.id;
  await tx.lockMatchKey(JSON.stringify(['no-ci', accountId, source, requestedForId, subject, note]));
  return tx.findOpenRequestWithoutCi(accountId, { subject, note, source, requestedForId, since, visibleTo });
}
