/** Writes of requests, notes and audit lines, and the open-request matches of the events intake. */
import { OPEN_EXCLUDED_STATUSES, type NewRequest, type RequestChanges, type RequestRecord } from '@tessera/domain';
import type { Database } from '../database.js';

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function insertRequest(db: Database, request: NewRequest): Promise<RequestRecord> {
  const [row] = await db('requests')
    .insert({ ...request, custom_fields: json(request.custom_fields) })
    .returning('*');
  return row as RequestRecord;
}

export async function updateRequest(db: Database, accountId: string, id: number, changes: RequestChanges): Promise<RequestRecord> {
  const [row] = await db('requests').where({ account_id: accountId, id }).update({ ...changes, updated_at: db.fn.now() }).returning('*');
  return row as RequestRecord;
}

export async function findRequest(db: Database, accountId: string, id: number, options: { forUpdate?: boolean } = {}): Promise<RequestRecord | null> {
  const query = db('requests').where({ account_id: accountId, id }).first('*');
  if (options.forUpdate) query.forUpdate();
  return ((await query) as RequestRecord | undefined) ?? null;
}

function open(db: Database, accountId: string, match: { source: string; since: Date; visibleTo: number | null }) {
  const query = db('requests').where({ account_id: accountId, source: match.source }).whereNotIn('status', OPEN_EXCLUDED_STATUSES).where('created_at', '>=', match.since);
  const person = match.visibleTo;
  if (person !== null) query.where((q) => q.where('requested_by_id', person).orWhere('requested_for_id', person));
  return query;
}

export async function findOpenRequestByCi(
  db: Database,
  accountId: string,
  match: { source: string; serviceInstanceId: number | null; ciId: number; since: Date; visibleTo: number | null },
): Promise<RequestRecord | null> {
  const query = open(db, accountId, match).where({ ci_id: match.ciId });
  if (match.serviceInstanceId === null) query.whereNull('service_instance_id');
  else query.where({ service_instance_id: match.serviceInstanceId });
  // Row-locked: a concurrent waiting_until release or update of the same request waits for this event.
  return ((await query.orderBy('created_at', 'desc').forUpdate().first('*')) as RequestRecord | undefined) ?? null;
}

/** SPEC.md rule 4: same subject, note, account, source and requested_for; the note is the one the request was made with. */
export async function findOpenRequestWithoutCi(
  db: Database,
  accountId: string,
  match: { subject: string; note: string | null; source: string; requestedForId: number; since: Date; visibleTo: number | null },
): Promise<RequestRecord | null> {
  const query = open(db, accountId, match).where({ subject: match.subject, requested_for_id: match.requestedForId }).whereNull('ci_id');
  if (match.note === null) query.whereNotExists(db('notes').where('notes.request_id', db.ref('requests.id')).where('notes.internal', false));
  else query.whereRaw('(select text from notes where notes.request_id = requests.id and not notes.internal order by notes.id limit 1) = ?', [match.note]);
  return ((await query.orderBy('created_at', 'desc').forUpdate().first('*')) as RequestRecord | undefined) ?? null;
}

export async function noteTexts(db: Database, accountId: string, requestId: number): Promise<string[]> {
  return db('notes').where({ account_id: accountId, request_id: requestId }).pluck('text');
}

export async function insertNote(db: Database, note: { accountId: string; requestId: number; personId: number; text: string; internal: boolean }): Promise<number> {
  const [row] = await db('notes')
    .insert({ account_id: note.accountId, request_id: note.requestId, person_id: note.personId, text: note.text, internal: note.internal })
    .returning('id');
  return row.id;
}

export async function insertAuditLine(
  db: Database,
  line: { accountId: string; recordId: number; personId: number | null; source: string | null; sourceId: string | null; action: string; changes: Record<string, unknown> },
): Promise<number> {
  const [row] = await db('audit_lines')
    .insert({
      account_id: line.accountId, record_type: 'Request', record_id: line.recordId, person_id: line.personId,
      source: line.source, source_id: line.sourceId, action: line.action, changes: JSON.stringify(line.changes),
    })
    .returning('id');
  return row.id;
}
