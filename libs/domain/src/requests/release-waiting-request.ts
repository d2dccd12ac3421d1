/**
 * SPEC.md "Request status": a `waiting_for` request whose waiting_until is
 * reached becomes `assigned`. Runs when the scheduled `request-waiting-until`
 * job fires; by then the request may have moved on (waiting_until moved or
 * cleared, another status), and then nothing happens.
 */
import type { RequestWaitingUntilJob } from '../jobs/job-contract.js';
import { recordChange } from '../outbox/record-change.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { SYSTEM_SOURCE } from '../request-changes/change-sources.js';
import { requestEvents } from '../request-changes/publish-request-change.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import type { RequestChanges, RequestRecord } from './request-record.js';

export type WaitingReleaseOutcome = 'released' | 'skipped';

export async function releaseWaitingRequest(job: RequestWaitingUntilJob, uow: UnitOfWork<'requests' | 'auditLines' | 'jobs' | 'now'>): Promise<WaitingReleaseOutcome> {
  return uow.transaction(async (tx) => {
    // The job was written by this service in the transaction of the request's change.
    const previous = await tx.requests.findForUpdate(trustedAccountId(job.account_id), job.request_id);
    if (!previous || !isDue(previous, await tx.now())) return 'skipped';
    const changes: RequestChanges = { status: 'assigned', waiting_until: null };
    const request = await tx.requests.update(previous.account_id, previous.id, changes);
    // No person made it: no actor, and the events name nobody.
    await recordChange(tx, {
      account: request.account_id,
      record: { type: 'Request', id: request.id },
      action: 'update',
      actor: null,
      source: SYSTEM_SOURCE,
      sourceId: null,
      changes: { status: [previous.status, request.status], waiting_until: [previous.waiting_until, request.waiting_until] },
      events: requestEvents({ request, previous, changes, notes: [], names: { member: null, team: null } }),
    });
    return 'released';
  });
}

function isDue(request: RequestRecord, now: Date): boolean {
  return request.status === 'waiting_for' && request.waiting_until !== null && request.waiting_until.getTime() <= now.getTime();
}
