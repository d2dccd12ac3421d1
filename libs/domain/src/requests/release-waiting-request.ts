/**
 * SPEC.md "Request status": a `waiting_for` request whose waiting_until is
 * reached becomes `assigned`. Runs when the scheduled `request-waiting-until`
 * job fires; by then the request may have moved on (waiting_until moved or
 * cleared, another status), and then nothing happens.
 */
import { JOBS, queuedJob, type QueuedJob, type RequestWaitingUntilJob } from '../jobs/job-contract.js';
import { encodeNodeId } from '../node-id.js';
import type { RequestChanges, RequestRecord } from './request-record.js';
import type { WaitingRequestStore, WaitingRequestTransaction } from './waiting-request-store.js';

export type WaitingReleaseOutcome = 'released' | 'skipped';

/** The audit trail's name for changes the service makes by itself. */
export const SYSTEM_SOURCE = 'Tessera';

export async function releaseWaitingRequest(job: RequestWaitingUntilJob, store: WaitingRequestStore): Promise<WaitingReleaseOutcome> {
  return store.transaction(async (tx) => {
    const previous = await tx.findRequestForUpdate(job.account_id, job.request_id);
    if (!previous || !isDue(previous, await tx.now())) return 'skipped';
    const changes: RequestChanges = { status: 'assigned', waiting_until: null };
    const request = await tx.updateRequest(previous.account_id, previous.id, changes);
    await publishRelease(tx, previous, request);
    return 'released';
  });
}

function isDue(request: RequestRecord, now: Date): boolean {
  return request.status === 'waiting_for' && request.waiting_until !== null && request.waiting_until.getTime() <= now.getTime();
}

/** The audit line and `request.*` events of a system change: no person made it. */
async function publishRelease(tx: WaitingRequestTransaction, previous: RequestRecord, request: RequestRecord): Promise<void> {
  const auditLineId = await tx.insertAuditLine({
    accountId: request.account_id,
    recordId: request.id,
    personId: null,
    source: SYSTEM_SOURCE,
    sourceId: null,
    action: 'update',
    changes: { status: [previous.status, request.status], waiting_until: [previous.waiting_until, request.waiting_until] },
  });
  const base = { audit_line_id: auditLineId, audit_line_nodeID: encodeNodeId('AuditLine', auditLineId), source: SYSTEM_SOURCE, sourceID: null };
  const event = (name: string, payload: Record<string, unknown>): QueuedJob =>
    queuedJob(JOBS.webhookEvent, {
      account_id: request.account_id,
      event: name,
      object_id: request.id,
      object_nodeID: encodeNodeId('Request', request.id),
      person_id: null,
      person_nodeID: null,
      person_name: '',
      payload: { ...base, ...payload },
    });
  await tx.enqueue([
    event('request.update', { status: request.status }),
    event('request.status-changed', { status: request.status, previous_status: previous.status }),
  ]);
}
