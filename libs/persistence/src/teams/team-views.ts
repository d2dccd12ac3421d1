/** Teams as `/v1/teams` reads them: of the account of the call, their manager named. */
import type { CollectionQuery, Page, TeamReadScope, TeamView } from '@tessera/domain';
import type { Knex } from 'knex';
import { fetchPage } from '../collections/collection.js';
import type { Database } from '../database.js';

/** Public field name → SQL column, for filters and sorting. */
const TEAM_COLUMNS: Readonly<Record<string, string>> = {
  id: 't.id', name: 't.name', manager_id: 't.manager_id', disabled: 't.disabled', created_at: 't.created_at', updated_at: 't.updated_at',
};

interface TeamViewRow {
  id: number;
  name: string;
  disabled: boolean;
  manager_id: number | null;
  manager_name: string | null;
  created_at: Date;
  updated_at: Date;
}

function teamViews(db: Database, scope: TeamReadScope): Knex.QueryBuilder {
  const query = db('teams as t')
    .leftJoin('people as m', 'm.id', 't.manager_id')
    .where('t.account_id', scope.accountId)
    .select('t.id', 't.name', 't.disabled', 't.created_at', 't.updated_at', 'm.id as manager_id', 'm.name as manager_name');
  if (scope.memberId !== undefined) {
    query.whereExists((sub) => sub.select(db.raw('1')).from('team_memberships as tm').whereRaw('tm.team_id = t.id').where({ 'tm.account_id': scope.accountId, 'tm.person_id': scope.memberId! }));
  }
  return query;
}

function toView({ manager_id, manager_name, ...row }: TeamViewRow): TeamView {
  return { ...row, manager: manager_id === null ? null : { id: manager_id, name: manager_name ?? '' } };
}

export async function listTeamViews(db: Database, scope: TeamReadScope, query: CollectionQuery): Promise<Page<TeamView>> {
  const page = await fetchPage<TeamViewRow>(teamViews(db, scope), query, TEAM_COLUMNS);
  return { rows: page.rows.map(toView), total: page.total };
}

export async function findTeamView(db: Database, account: string, id: number): Promise<TeamView | null> {
  const row = (await teamViews(db, { accountId: account }).where('t.id', id).first()) as TeamViewRow | undefined;
  return row ? toView(row) : null;
}
