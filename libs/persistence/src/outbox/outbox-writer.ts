/**
 * The outbox entry of a change whose ids were reserved (domain
 * Transaction.lock): its notes, its audit line and its jobs in one statement,
 * the rows as data-modifying CTEs and graphile-worker's add_jobs as the
 * statement's select.
 */
import type { OutboxEntry, OutboxWriter, ReservedNote } from '@tessera/domain';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';
import { jobSpecArray } from '../queue/enqueue.js';

export function outboxWriter(db: Database): OutboxWriter {
  return { write: (entry, rows) => writeOutboxEntry(db, entry, rows?.notes ?? []) };
}

async function writeOutboxEntry(db: Database, entry: OutboxEntry, notes: readonly ReservedNote[]): Promise<void> {
  const line = entry.auditLine;
  let query = db.with('written_audit_line', db('audit_lines').insert({
    id: line.id, account_id: entry.account, record_type: line.recordType, record_id: line.recordId, person_id: line.personId,
    source: line.source, source_id: line.sourceId, action: line.action, changes: JSON.stringify(line.changes),
  }));
  if (notes.length > 0) {
    query = query.with('written_notes', db('notes').insert(notes.map((note) => ({
      id: note.id, account_id: entry.account, request_id: note.requestId, person_id: note.personId, text: note.text, internal: note.internal,
    }))));
  }
  const jobs = entry.jobs.length > 0 ? db.raw('(select count(*) from graphile_worker.add_jobs(?))', [jobSpecArray(db, entry.jobs)]) : db.raw('0');
  await prepared(query.select({ jobs }));
}
