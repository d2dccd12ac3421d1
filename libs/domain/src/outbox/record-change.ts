/**
 * The one outbox writer (ARCHITECTURE.md "Data": transactional outbox). Every
 * change of a record, of any type, made by a person or by the service itself,
 * leaves in the caller's transaction:
 * - one audit line (who, from which source, what changed);
 * - one `webhook-event` job per event name of SPEC.md "Events" the change
 *   fires, its message carrying the record, the person, the audit line and
 *   every reference of its payload with their `_nodeID`s (rule 1);
 * - the other jobs of the change (e-mail, scheduled work), in the same round trip;
 * - for a record automation rules exist for, its `automation-run` job, queued only while the
 *   account has an enabled rule that could match (automation/automation-run-job.ts).
 * A change rolled back leaves none of them; a committed one all of them.
 */
import type { PublishedEvent } from '../events/event-payloads.js';
import { automationRunJob } from '../automation/automation-run-job.js';
import { JOBS, queuedJob, type QueuedJob } from '../jobs/job-contract.js';
import { encodeNodeId } from '../node-id.js';
import type { NewAuditLine, OutboxEntry, ReservedNote } from '../ports/outbox.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { AccountId } from '../tenancy/account-id.js';
import { missingNodeIds } from './node-fields.js';

export interface RecordChange {
  account: AccountId;
  /** The changed record: its node type (`Request`, `Person`, …) and id. */
  record: { type: string; id: number };
  action: 'create' | 'update' | 'delete';
  /** The person who made the change; null when the service made it by itself. */
  actor: { id: number; name: string } | null;
  source: string | null;
  sourceId: string | null;
  /** For the audit line: the values of a new record, or `[before, after]` pairs. */
  changes: Record<string, unknown>;
  /** Each payload holds what events/event-payloads.ts declares for its event, no more. */
  events: readonly PublishedEvent[];
  jobs?: readonly QueuedJob[];
}

/** Writes the audit line, then its jobs: two statements, for a change whose audit line id is not reserved. */
export async function recordChange(tx: Pick<Transaction, 'auditLines' | 'jobs'>, change: RecordChange): Promise<{ auditLineId: number }> {
  const auditLineId = await tx.auditLines.insert(change.account, auditLineOf(change));
  await tx.jobs.enqueue(changeJobs(change, auditLineId));
  return { auditLineId };
}

/**
 * The same entry in one statement, with the notes it names, for a change whose
 * ids were reserved (Transaction.lock): the events intake, which writes while
 * it holds its match lock.
 */
export async function writeReservedChange(
  tx: Pick<Transaction, 'outbox'>,
  change: RecordChange,
  reserved: { auditLineId: number; notes?: readonly ReservedNote[] },
): Promise<{ auditLineId: number }> {
  await tx.outbox.write(outboxEntry(change, reserved.auditLineId), { notes: reserved.notes ?? [] });
  return { auditLineId: reserved.auditLineId };
}

export function outboxEntry(change: RecordChange, auditLineId: number): OutboxEntry {
  return { account: change.account, auditLine: { id: auditLineId, ...auditLineOf(change) }, jobs: changeJobs(change, auditLineId) };
}

function auditLineOf(change: RecordChange): NewAuditLine {
  return {
    recordType: change.record.type,
    recordId: change.record.id,
    personId: change.actor?.id ?? null,
    source: change.source,
    sourceId: change.sourceId,
    action: change.action,
    changes: change.changes,
  };
}

/** One `webhook-event` job per event, then the change's other jobs. */
function changeJobs(change: RecordChange, auditLineId: number): QueuedJob[] {
  const base = { audit_line_id: auditLineId, audit_line_nodeID: encodeNodeId('AuditLine', auditLineId), source: change.source, sourceID: change.sourceId };
  const events = change.events.map(({ name, payload = {} }) => {
    const missing = missingNodeIds(payload);
    // A programming error, caught by the tests of whichever change forgot one.
    if (missing.length > 0) throw new Error(`event ${name} payload lacks ${missing.join(', ')}`);
    return queuedJob(JOBS.webhookEvent, {
      account_id: change.account,
      event: name,
      object_id: change.record.id,
      object_nodeID: encodeNodeId(change.record.type, change.record.id),
      person_id: change.actor?.id ?? null,
      person_nodeID: change.actor ? encodeNodeId('Person', change.actor.id) : null,
      person_name: change.actor?.name ?? '',
      payload: { ...base, ...payload },
    });
  });
  const rules = automationRunJob(change);
  return [...events, ...(change.jobs ?? []), ...(rules ? [rules] : [])];
}
