/**
 * Everything a request change leaves besides the row itself, through the one
 * outbox writer (outbox/record-change.ts), in the same transaction:
 * - an audit line naming the event's source and source id;
 * - its `request.*` webhook events (create, update, note-added, status-changed,
 *   member-changed, team-changed, major-incident-status-changed,
 *   agile-board-column-changed) with the person who made the change;
 * - an e-mail to the requested_by person when desired_completion_at is set,
 *   changed or removed;
 * - the scheduled waiting_until release (see waitingRelease).
 */
import type { PublishedEvent } from '../events/event-payloads.js';
import { JOBS, queuedJob, waitingUntilJobKey, type QueuedJob, type SendMailJob } from '../jobs/job-contract.js';
import { nodeIdFields, nodeRef } from '../outbox/node-fields.js';
import { recordChange, writeReservedChange, type RecordChange } from '../outbox/record-change.js';
import type { ReservedNote } from '../ports/outbox.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { PersonRef } from '../records/references.js';
import type { RequestChanges, RequestRecord } from '../requests/request-record.js';

export interface RequestChange {
  request: RequestRecord;
  previous: RequestRecord | null;
  changes: RequestChanges;
  notes: Array<{ id: number; text: string; internal: boolean }>;
  /** The person who made the change; null when the service made it (the waiting_until release). */
  actor: PersonRef | null;
  /** The addressee of the desired-completion e-mail; null: no e-mail. */
  requestedBy: PersonRef | null;
  source: string | null;
  sourceId: string | null;
  /** Display names of the request's member and team as stored, for the events that name them. */
  names: { member: string | null; team: string | null; agileBoardColumn?: string | null };
}

/**
 * With `reserved` (the events intake, ids drawn with its match lock), the
 * change's new notes, audit line and jobs are written in one statement;
 * without, its notes are written already and the audit line and jobs take two.
 */
export async function publishRequestChange(
  tx: Pick<Transaction, 'auditLines' | 'jobs' | 'outbox'>,
  change: RequestChange,
  reserved?: { auditLineId: number; notes: readonly ReservedNote[] },
): Promise<void> {
  const { request, previous } = change;
  const jobs: QueuedJob[] = [];
  if (change.requestedBy && desiredCompletionChanged(change)) jobs.push(queuedJob(JOBS.sendMail, desiredCompletionMail(change, change.requestedBy)));
  const release = waitingRelease(change);
  if (release === 'schedule') {
    jobs.push(queuedJob(JOBS.requestWaitingUntil, { account_id: request.account_id, request_id: request.id }, { runAt: request.waiting_until!, jobKey: waitingUntilJobKey(request.id) }));
  } else if (release === 'cancel') {
    await tx.jobs.cancel(waitingUntilJobKey(request.id));
  }
  const record: RecordChange = {
    account: request.account_id,
    record: { type: 'Request', id: request.id },
    action: previous ? 'update' : 'create',
    actor: change.actor,
    source: change.source,
    sourceId: change.sourceId,
    changes: auditChanges(change),
    events: requestEvents(change),
    jobs,
  };
  if (reserved) await writeReservedChange(tx, record, reserved);
  else await recordChange(tx, record);
}

/** SPEC.md "Events", noun `request`: which events a change fires, with what each message says. */
export function requestEvents(change: Pick<RequestChange, 'request' | 'previous' | 'changes' | 'notes' | 'names'>): PublishedEvent[] {
  const { request, previous, changes } = change;
  const events: PublishedEvent[] = [];
  if (!previous) events.push({ name: 'request.create', payload: { status: request.status } });
  else if (Object.keys(changes).length > 0) events.push({ name: 'request.update', payload: { status: request.status } });
  for (const note of change.notes) events.push({ name: 'request.note-added', payload: nodeIdFields('note', 'Note', note.id) });
  if (previous && 'status' in changes) events.push({ name: 'request.status-changed', payload: { status: request.status, previous_status: previous.status } });
  if (previous && 'member_id' in changes) {
    events.push({ name: 'request.member-changed', payload: { member: request.member_id === null ? null : nodeRef('Person', request.member_id, change.names.member) } });
  }
  if (previous && 'team_id' in changes) {
    events.push({ name: 'request.team-changed', payload: { team: request.team_id === null ? null : nodeRef('Team', request.team_id, change.names.team) } });
  }
  if (previous && 'major_incident_status' in changes) {
    events.push({
      name: 'request.major-incident-status-changed',
      payload: { major_incident_status: request.major_incident_status, previous_major_incident_status: previous.major_incident_status },
    });
  }
  if (previous && 'agile_board_column_id' in changes) {
    const column = request.agile_board_column_id;
    events.push({ name: 'request.agile-board-column-changed', payload: { agile_board_column: column === null ? null : nodeRef('AgileBoardColumn', column, change.names.agileBoardColumn ?? null) } });
  }
  return events;
}

/**
 * SPEC.md "Request status": waiting_for → assigned when waiting_until is
 * reached, whatever the order in which the two were set. The release job is
 * (re)scheduled whenever the request is, or becomes, waiting_for with a
 * waiting_until — at that time, or at once when it has passed — and dropped
 * when waiting_until is cleared.
 */
export function waitingRelease({ request, previous, changes }: Pick<RequestChange, 'request' | 'previous' | 'changes'>): 'schedule' | 'cancel' | 'none' {
  const touched = !previous || 'waiting_until' in changes || 'status' in changes;
  if (touched && request.status === 'waiting_for' && request.waiting_until) return 'schedule';
  if (previous && 'waiting_until' in changes && !request.waiting_until) return 'cancel';
  return 'none';
}

function desiredCompletionChanged({ request, previous, changes }: RequestChange): boolean {
  return previous ? 'desired_completion_at' in changes : request.desired_completion_at !== null;
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

function desiredCompletionMail(change: RequestChange, to: PersonRef): SendMailJob {
  const { request } = change;
  const when = request.desired_completion_at;
  const what = when ? `is now ${when.toISOString()}` : 'has been removed';
  return {
    to: to.primaryEmail,
    subject: `Request #${request.id}: desired completion ${when ? 'set' : 'removed'}`,
    text: `Hello ${to.name},\n\nThe desired completion of request #${request.id} "${request.subject}" ${what}.\n`,
  };
}
