/**
 * The outbox entry of a change whose ids were reserved (domain
 * Transaction.lock): its notes, its audit line and its jobs in one statement,
 * the rows as data-modifying CTEs and graphile-worker's add_jobs as the
 * statement's select; several changes' entries (a batch of events) in one
 * statement likewise.
 */
import type { OutboxEntry, OutboxWriter, ReservedNote } from '@tessera/domain';
import type { Database } from '../database.js';
import { jobSpecArray } from '../queue/enqueue.js';
import { shapedStatement } from '../statement-shapes.js';

export function outboxWriter(db: Database): OutboxWriter {
  return {
    write: (entry, rows) => writeOutboxEntries(db, [{ entry, notes: rows?.notes ?? [] }]),
    writeAll: (items) => writeOutboxEntries(db, items),
  };
}

const LINE_FIELDS = ['id', 'account_id', 'record_type', 'record_id', 'person_id', 'source', 'source_id', 'action', 'changes'] as const;
const NOTE_FIELDS = ['id', 'account_id', 'request_id', 'person_id', 'text', 'internal'] as const;
const JOB_FIELDS = ['task', 'payload', 'run_at', 'job_key', 'flags', 'only_account', 'only_type', 'only_id'] as const;

/** One shape per number of audit lines, notes and jobs; the rows as data-modifying CTEs, the jobs as the select. */
const outboxStatement = shapedStatement<Record<string, unknown>>((db, v, variant) => {
  const [lines, notes, jobs] = variant.split(':').map(Number) as [number, number, number];
  const rows = <F extends string>(prefix: string, count: number, fields: readonly F[]) =>
    Array.from({ length: count }, (_, i) => Object.fromEntries(fields.map((field) => [field, v[`${prefix}${i}_${field}`]])));
  let query = db.with('written_audit_lines', db('audit_lines').insert(rows('line', lines, LINE_FIELDS)));
  if (notes > 0) query = query.with('written_notes', db('notes').insert(rows('note', notes, NOTE_FIELDS)));
  // A value not null is a placeholder here: a job with a condition is a shape of its own.
  const specs = rows('job', jobs, JOB_FIELDS).map((job) => ({
    task: job['task'], payloadJson: job['payload'], runAt: job['run_at'], jobKey: job['job_key'], flags: job['flags'],
    ...(job['only_account'] == null ? {} : { onlyIfRules: { account: job['only_account'] as string, type: job['only_type'] as string, id: job['only_id'] as number } }),
  }));
  const added = jobs > 0 ? db.raw('(select count(*) from graphile_worker.add_jobs(?))', [jobSpecArray(db, specs)]) : db.raw('0');
  return query.select({ jobs: added });
});

async function writeOutboxEntries(db: Database, items: ReadonlyArray<{ entry: OutboxEntry; notes: readonly ReservedNote[] }>): Promise<void> {
  if (items.length === 0) return;
  const values: Record<string, unknown> = {};
  let notes = 0;
  let jobs = 0;
  items.forEach(({ entry, notes: itemNotes }, i) => {
    const line = entry.auditLine;
    Object.assign(values, prefixed(`line${i}_`, {
      id: line.id, account_id: entry.account, record_type: line.recordType, record_id: line.recordId, person_id: line.personId,
      source: line.source, source_id: line.sourceId, action: line.action, changes: JSON.stringify(line.changes),
    }));
    for (const note of itemNotes) {
      Object.assign(values, prefixed(`note${notes++}_`, { id: note.id, account_id: entry.account, request_id: note.requestId, person_id: note.personId, text: note.text, internal: note.internal }));
    }
    for (const job of entry.jobs) {
      const only = job.onlyIfRules;
      Object.assign(values, prefixed(`job${jobs++}_`, {
        task: job.task, payload: JSON.stringify(job.payload), run_at: job.runAt ?? null, job_key: job.jobKey ?? null, flags: job.flags ?? null,
        only_account: only?.account ?? null, only_type: only?.type ?? null, only_id: only?.id ?? null,
      }));
    }
  });
  await outboxStatement.rows(db, `${items.length}:${notes}:${jobs}`, values);
}

function prefixed(prefix: string, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([field, value]) => [`${prefix}${field}`, value]));
}
