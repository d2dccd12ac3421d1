/**
 * Everything a request change leaves besides the row itself, in the same
 * transaction (ARCHITECTURE.md transactional outbox):
 * - an audit line naming the event's source and source id;
 * - its `request.*` webhook events (create, update, note-added, status-changed,
 *   member-changed, team-changed) with the person who made the change;
 * - an e-mail to the requested_by person when desired_completion_at is set,
 *   changed or removed;
 * - the scheduled waiting_until release (see waitingRelease).
 */
import { peopleAccountsOf, type AccountRecord } from '../identity/account-access.js';
import { JOBS, queuedJob, waitingUntilJobKey, type QueuedJob, type SendMailJob, type WebhookEventJob } from '../jobs/job-contract.js';
import { encodeNodeId } from '../node-id.js';
import type { RequestChanges, RequestRecord } from '../requests/request-record.js';
import type { EventsTransaction, PersonRef } from './events-store.js';

export interface RequestChange {
  /** The account the request is registered in. */
  account: AccountRecord;
  request: RequestRecord;
  previous: RequestRecord | null;
  changes: RequestChanges;
  notes: Array<{ id: number; text: string; internal: boolean }>;
  actor: PersonRef;
  requestedBy: PersonRef;
  source: string | null;
  sourceId: string | null;
}

export async function publishRequestChange(tx: EventsTransaction, change: RequestChange): Promise<void> {
  const { request, previous } = change;
  const auditLineId = await tx.insertAuditLine({
    accountId: request.account_id,
    recordId: request.id,
    personId: change.actor.id,
    source: change.source,
    sourceId: change.sourceId,
    action: previous ? 'update' : 'create',
    changes: auditChanges(change),
  });
  const base = { audit_line_id: auditLineId, audit_line_nodeID: encodeNodeId('AuditLine', auditLineId), source: change.source, sourceID: change.sourceId };
  const jobs: QueuedJob[] = [];
  const event = (name: string, payload: Record<string, unknown> = {}) =>
    jobs.push(queuedJob(JOBS.webhookEvent, { ...webhookEvent(change, name), payload: { ...base, ...payload } }));

  if (!previous) event('request.create', { status: request.status });
  else if (Object.keys(change.changes).length > 0) event('request.update', { status: request.status });
  for (const note of change.notes) event('request.note-added', { note_id: note.id, note_nodeID: encodeNodeId('Note', note.id) });
  if (previous && 'status' in change.changes) event('request.status-changed', { status: request.status, previous_status: previous.status });
  if (previous && 'member_id' in change.changes) event('request.member-changed', { member: await personPayload(tx, change.account, request.member_id) });
  if (previous && 'team_id' in change.changes) event('request.team-changed', { team: await teamPayload(tx, request) });

  const desiredChanged = previous ? 'desired_completion_at' in change.changes : request.desired_completion_at !== null;
  if (desiredChanged) jobs.push(queuedJob(JOBS.sendMail, desiredCompletionMail(change)));

  const release = waitingRelease(change);
  if (release === 'schedule') {
    jobs.push(
      queuedJob(JOBS.requestWaitingUntil, { account_id: request.account_id, request_id: request.id }, {
        runAt: request.waiting_until!,
        jobKey: waitingUntilJobKey(request.id),
      }),
    );
  } else if (release === 'cancel') {
    await tx.cancelJob(waitingUntilJobKey(request.id));
  }
  // One round trip for every job of the change.
  await tx.enqueue(jobs);
}

/**
 * SPEC.md "Request status": waiting_for → assigned when waiting_until is
 * reached, whatever the order in which the two were set. The release job is
 * (re)scheduled whenever the request is, or becomes, waiting_for with a
 * waiting_until — at that time, or at once when it has passed — and dropped
 * when waiting_until is cleared.
 */
function waitingRelease({ request, previous, changes }: RequestChange): 'schedule' | 'cancel' | 'none' {
  const touched = !previous || 'waiting_until' in changes || 'status' in changes;
  if (touched && request.status === 'waiting_for' && request.waiting_until) return 'schedule';
  if (previous && 'waiting_until' in changes && !request.waiting_until) return 'cancel';
  return 'none';
}

function webhookEvent(change: RequestChange, event: string): Omit<WebhookEventJob, 'payload'> {
  return {
    account_id: change.request.account_id,
    event,
    object_id: change.request.id,
    object_nodeID: encodeNodeId('Request', change.request.id),
    person_id: change.actor.id,
    person_nodeID: encodeNodeId('Person', change.actor.id),
    person_name: change.actor.name,
  };
}

function auditChanges(change: RequestChange): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!change.previous) {
    for (const [key, value] of Object.entries(change.request)) if (value !== null && !['id', 'account_id', 'created_at', 'updated_at'].includes(key)) out[key] = value;
  } else {
    for (const [key, value] of Object.entries(change.changes)) out[key] = [change.previous[key as keyof RequestRecord], value];
  }
  if (change.notes.length > 0) out['notes'] = change.notes.map((n) => ({ id: n.id, internal: n.internal }));
  return out;
}

async function personPayload(tx: EventsTransaction, account: AccountRecord, personId: number | null) {
  if (personId === null) return null;
  const person = await tx.findPerson(peopleAccountsOf(account), { id: personId });
  return { id: personId, nodeID: encodeNodeId('Person', personId), name: person?.name ?? null };
}

async function teamPayload(tx: EventsTransaction, request: RequestRecord) {
  if (request.team_id === null) return null;
  const team = await tx.findTeam(request.account_id, { id: request.team_id });
  return { id: request.team_id, nodeID: encodeNodeId('Team', request.team_id), name: team?.name ?? null };
}

function desiredCompletionMail(change: RequestChange): SendMailJob {
  const { request } = change;
  const when = request.desired_completion_at;
  const what = when ? `is now ${when.toISOString()}` : 'has been removed';
  return {
    to: change.requestedBy.primaryEmail,
    subject: `Request #${request.id}: desired completion ${when ? 'set' : 'removed'}`,
    text: `Hello ${change.requestedBy.name},\n\nThe desired completion of request #${request.id} "${request.subject}" ${what}.\n`,
  };
}
