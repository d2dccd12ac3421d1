/**
 * The outbox entry of a change whose ids were reserved (domain
 * Transaction.lock): its notes, its audit line and its jobs in one statement,
 * the rows as data-modifying CTEs and graphile-worker's add_jobs as the
 * statement's select. One shape per number of notes and of jobs.
 */
import type { OutboxEntry, OutboxWriter, ReservedNote } from '@tessera/domain';
import type { Database } from '../database.js';
import { jobSpecArray } from '../queue/enqueue.js';
import { shapedStatement } from '../statement-shapes.js';

export function outboxWriter(db: Database): OutboxWriter {
  return { write: (entry, rows) => writeOutboxEntry(db, entry, rows?.notes ?? []) };
}

const NOTE_FIELDS = ['id', 'request_id', 'person_id', 'text', 'internal'] as const;

const outboxStatement = shapedStatement<Record<string, unknown>>((db, v, variant) => {
  const [notes, jobs] = variant.split(':').map(Number) as [number, number];
  let query = db.with('written_audit_line', db('audit_lines').insert({
    id: v['line_id'], account_id: v['account'], record_type: v['record_type'], record_id: v['record_id'], person_id: v['person_id'],
    source: v['source'], source_id: v['source_id'], action: v['action'], changes: v['changes'],
  }));
  if (notes > 0) {
    query = query.with('written_notes', db('notes').insert(Array.from({ length: notes }, (_, i) => ({
      account_id: v['account'], ...Object.fromEntries(NOTE_FIELDS.map((field) => [field, v[`note${i}_${field}`]])),
    }))));
  }
  const specs = Array.from({ length: jobs }, (_, i) => ({ task: v[`job${i}_task`], payloadJson: v[`job${i}_payload`], runAt: v[`job${i}_run_at`], jobKey: v[`job${i}_job_key`] }));
  const added = jobs > 0 ? db.raw('(select count(*) from graphile_worker.add_jobs(?))', [jobSpecArray(db, specs)]) : db.raw('0');
  return query.select({ jobs: added });
});

async function writeOutboxEntry(db: Database, entry: OutboxEntry, notes: readonly ReservedNote[]): Promise<void> {
  const line = entry.auditLine;
  const values: Record<string, unknown> = {
    line_id: line.id, account: entry.account, record_type: line.recordType, record_id: line.recordId, person_id: line.personId,
    source: line.source, source_id: line.sourceId, action: line.action, changes: JSON.stringify(line.changes),
  };
  notes.forEach((note, i) => {
    Object.assign(values, { [`note${i}_id`]: note.id, [`note${i}_request_id`]: note.requestId, [`note${i}_person_id`]: note.personId, [`note${i}_text`]: note.text, [`note${i}_internal`]: note.internal });
  });
  entry.jobs.forEach((job, i) => {
    Object.assign(values, { [`job${i}_task`]: job.task, [`job${i}_payload`]: JSON.stringify(job.payload), [`job${i}_run_at`]: job.runAt ?? null, [`job${i}_job_key`]: job.jobKey ?? null });
  });
  await outboxStatement.rows(db, `${notes.length}:${entry.jobs.length}`, values);
}
