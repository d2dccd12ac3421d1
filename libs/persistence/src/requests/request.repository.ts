/** Requests of one account: writes, the open-request candidates of event matching, and the views every answer shows. */
import {
  OPEN_EXCLUDED_STATUSES, type AccountId, type NewRequest, type OpenRequestCandidate, type OpenRequestQuery, type RequestRecord, type RequestRepository, type RequestView,
} from '@tessera/domain';
import type { Database } from '../database.js';
import { shapedStatement } from '../statement-shapes.js';
import { whereRequestReadable } from './request-read-scope.js';
import { findRequestView, listRequestViews, selectReferenceNames } from './request-views.js';

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function insertRequest(db: Database, request: NewRequest): Promise<RequestRecord> {
  const [row] = await db('requests').insert({ ...request, custom_fields: json(request.custom_fields) }).returning('*');
  return row as RequestRecord;
}

/** The written row with the names of its references: the answer of the write, in the write's statement. */
const writtenView = shapedStatement<Record<string, unknown>>((db, values, variant) => {
  const write = variant === 'insert'
    ? db('requests').insert(values).returning('*')
    : db('requests').where({ account_id: values['account_id'], id: values['id'] }).update({ ...withoutKeys(values), updated_at: db.fn.now() }).returning('*');
  return selectReferenceNames(db, db.with('r', write).from('r').select('r.*'));
});

function withoutKeys({ account_id: _account, id: _id, ...changes }: Record<string, unknown>): Record<string, unknown> {
  return changes;
}

export function requestRepository(db: Database): RequestRepository {
  const view = async (variant: 'insert' | 'update', values: Record<string, unknown>) => (await writtenView.rows<RequestView>(db, variant, values))[0]!;
  return {
    insert: (request) => view('insert', { ...request, custom_fields: json(request.custom_fields) }),
    update: (account, id, changes) => view('update', { ...changes, account_id: account, id }),
    find: (account, id) => findRequest(db, account, id),
    findForUpdate: (account, id) => findRequest(db, account, id, { forUpdate: true }),
    openCandidates: (query) => openCandidates(db, query),
    findView: (scope, id) => findRequestView(db, scope, id),
    listViews: (scope, query) => listRequestViews(db, scope, query),
  };
}

export async function findRequest(db: Database, account: string, id: number, options: { forUpdate?: boolean } = {}): Promise<RequestRecord | null> {
  const query = db('requests').where({ account_id: account, id }).first('*');
  if (options.forUpdate) query.forUpdate();
  return ((await query) as RequestRecord | undefined) ?? null;
}

const FIRST_PUBLIC_NOTE = '(select n.text from notes n where n.request_id = r.id and not n.internal order by n.id limit 1)';

/**
 * The newest open request the query names, with what applying an event to it
 * needs (its notes, its requested_by person, the requested_for person's
 * account), row-locked: one statement. Matching rule 4's comparison of the
 * first public note lives here, and only here: the domain takes the newest
 * candidate (events-intake/match-open-request.ts pickMatch).
 */
const openCandidatesStatement = shapedStatement<{
  account: AccountId; source: string; since: Date; visibleTo: number | null;
  ciId: number | null; serviceInstanceId: number | null; subject: string | null; requestedForId: number | null; note: string | null;
}>((db, v, variant) => {
  const query = whereRequestReadable(db('requests as r'), { accountId: v.account, personId: v.visibleTo })
    .leftJoin('people as rf', (j) => j.on('rf.id', 'r.requested_for_id').andOnVal('rf.disabled', false))
    .leftJoin('people as rb', (j) => j.on('rb.id', 'r.requested_by_id').andOnVal('rb.disabled', false))
    .where('r.source', v.source)
    .whereNotIn('r.status', OPEN_EXCLUDED_STATUSES)
    .where('r.created_at', '>=', v.since);
  if (variant === 'ci') {
    query.where('r.ci_id', v.ciId);
    if (v.serviceInstanceId === null) query.whereNull('r.service_instance_id');
    else query.where('r.service_instance_id', v.serviceInstanceId);
  } else {
    query.where({ 'r.subject': v.subject, 'r.requested_for_id': v.requestedForId }).whereNull('r.ci_id');
    if (v.note === null) query.whereNotExists(db('notes').where('notes.request_id', db.ref('r.id')).where('notes.internal', false));
    else query.whereRaw(`${FIRST_PUBLIC_NOTE} = ?`, [v.note]);
  }
  // Row-locked: a concurrent waiting_until release or update of the same request waits for this event.
  return selectReferenceNames(db, query)
    .orderBy('r.created_at', 'desc')
    .limit(1)
    .forUpdate('r')
    .select(
      'r.*',
      db.raw("coalesce((select array_agg(n.text order by n.id) from notes n where n.request_id = r.id), '{}') as note_texts"),
      'rf.account_id as requested_for_account_id',
      'rb.id as rb_id', 'rb.name as rb_name', 'rb.account_id as rb_account_id', 'rb.organization_id as rb_organization_id', 'rb.primary_email as rb_primary_email',
    );
});

async function openCandidates(db: Database, match: OpenRequestQuery): Promise<OpenRequestCandidate[]> {
  const common = { account: match.scope.accountId, source: match.source, since: match.since, visibleTo: match.scope.personId };
  const rows = 'ci' in match
    ? await openCandidatesStatement.rows(db, 'ci', { ...common, ciId: match.ci.id, serviceInstanceId: match.ci.serviceInstanceId, subject: null, requestedForId: null, note: null })
    : await openCandidatesStatement.rows(db, 'withoutCi', {
      ...common, ciId: null, serviceInstanceId: null, subject: match.withoutCi.subject, requestedForId: match.withoutCi.requestedForId, note: match.withoutCi.firstPublicNote,
    });
  return rows.map((row: Record<string, unknown>) => {
    const { note_texts, requested_for_account_id, rb_id, rb_name, rb_account_id, rb_organization_id, rb_primary_email, ...request } = row;
    return {
      request: request as unknown as RequestView,
      noteTexts: note_texts as string[],
      requestedForAccountId: (requested_for_account_id as string | null) ?? null,
      requestedBy: typeof rb_id === 'number'
        ? { id: rb_id, name: rb_name as string, accountId: rb_account_id as string, organizationId: (rb_organization_id as number | null) ?? null, primaryEmail: rb_primary_email as string }
        : null,
    };
  });
}
