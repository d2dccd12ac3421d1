/** Reads of requests and their notes with the names their references show. */
import type { AccountId, CollectionQuery, NoteView, Page, RequestReadScope, RequestView } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';
import { shapedStatement } from '../statement-shapes.js';
import { whereNoteReadable, whereRequestReadable } from './request-read-scope.js';

const REFERENCES: Array<[alias: string, table: string, column: string, label: string]> = [
  ['service_instance', 'service_instances', 'service_instance_id', 'name'],
  ['organization', 'organizations', 'organization_id', 'name'],
  ['requested_by', 'people', 'requested_by_id', 'name'],
  ['requested_for', 'people', 'requested_for_id', 'name'],
  ['created_by', 'people', 'created_by_id', 'name'],
  ['member', 'people', 'member_id', 'name'],
  ['team', 'teams', 'team_id', 'name'],
  ['supplier', 'suppliers', 'supplier_id', 'name'],
  ['workflow', 'workflows', 'workflow_id', 'subject'],
  ['problem', 'problems', 'problem_id', 'subject'],
  ['project', 'projects', 'project_id', 'subject'],
  ['ci', 'configuration_items', 'ci_id', 'name'],
  ['template', 'templates', 'template_id', 'subject'],
  ['knowledge_article', 'knowledge_articles', 'knowledge_article_id', 'subject'],
  ['grouped_into', 'requests', 'grouped_into_id', 'subject'],
  ['agile_board', 'agile_boards', 'agile_board_id', 'name'],
  ['agile_board_column', 'agile_board_columns', 'agile_board_column_id', 'name'],
];

// Scalar subqueries rather than seventeen joins: an 18-way join costs the planner more
// (genetic search) than the whole event it would display.
/** Selects `<reference>_name` of every reference of the requests a query reads as `r`. */
export function selectReferenceNames(db: Database, query: Knex.QueryBuilder): Knex.QueryBuilder {
  for (const [alias, table, column, label] of REFERENCES) {
    query.select(db.raw(`(select ??.?? from ?? as ?? where ??.id = r.??) as ??`, [`ref_${alias}`, label, table, `ref_${alias}`, `ref_${alias}`, column, `${alias}_name`]));
  }
  return query;
}

function requestViews(db: Database, scope: Pick<RequestReadScope, 'accountId' | 'personId'>) {
  return selectReferenceNames(db, whereRequestReadable(db('requests as r'), scope).select('r.*'));
}

/**
 * A statement of its own shape: every automation rule's run reads its request so, and planning the
 * name subqueries cost PostgreSQL more than running them (4.4 ms of plan a rule run in the
 * automation bench's pg_stat_statements), building them cost the worker's Knex as much again.
 */
const viewStatement = shapedStatement<{ account: AccountId; person: number | null; id: number }>((db, v) =>
  requestViews(db, { accountId: v.account, personId: v.person }).where('r.id', v.id).limit(1));

export async function findRequestView(db: Database, scope: RequestReadScope, id: number): Promise<RequestView | null> {
  const [row] = await viewStatement.rows<RequestView>(db, 'one', { account: scope.accountId, person: scope.personId, id });
  return row ?? null;
}

/** Public field name → SQL column, for filters and sorting. */
export const REQUEST_COLUMNS: Readonly<Record<string, string>> = {
  id: 'r.id', subject: 'r.subject', category: 'r.category', status: 'r.status', impact: 'r.impact', source: 'r.source',
  sourceID: 'r.source_id', created_at: 'r.created_at', updated_at: 'r.updated_at', completed_at: 'r.completed_at',
  team_id: 'r.team_id', member_id: 'r.member_id', service_instance_id: 'r.service_instance_id', ci_id: 'r.ci_id',
  major_incident_status: 'r.major_incident_status', agile_board_id: 'r.agile_board_id', agile_board_column_id: 'r.agile_board_column_id',
  problem_id: 'r.problem_id', workflow_id: 'r.workflow_id', project_id: 'r.project_id',
};

export function listRequestViews(db: Database, scope: RequestReadScope, query: CollectionQuery): Promise<Page<RequestView>> {
  return fetchPage<RequestView>(requestViews(db, scope), query, REQUEST_COLUMNS);
}

export const NOTE_COLUMNS: Readonly<Record<string, string>> = { id: 'n.id', created_at: 'n.created_at', internal: 'n.internal' };

/** Notes of a request the scope may read (the caller checks the request itself first). */
export function listNoteViews(db: Database, scope: RequestReadScope, requestId: number, query: CollectionQuery): Promise<Page<NoteView>> {
  const base = whereNoteReadable(db('notes as n').join('people as p', 'p.id', 'n.person_id'), scope)
    .where('n.request_id', requestId)
    .select('n.id', 'n.text', 'n.internal', 'n.person_id', 'p.name as person_name', 'n.created_at');
  return fetchPage<NoteView>(base, query, NOTE_COLUMNS);
}
