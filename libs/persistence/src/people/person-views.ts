/** People as `/v1/people` reads them: of the scope's accounts, with their roles in the account of the call. */
import type { CollectionQuery, Page, PeopleReadScope, PersonDirectoryView, Role } from '@tessera/domain';
import type { Knex } from 'knex';
import { fetchPage } from '../collections/collection.js';
import type { Database } from '../database.js';

/** Public field name → SQL column, for filters and sorting. */
const PERSON_COLUMNS: Readonly<Record<string, string>> = {
  id: 'p.id', name: 'p.name', primary_email: 'p.primary_email', locale: 'p.locale', time_zone: 'p.time_zone', disabled: 'p.disabled',
  organization_id: 'p.organization_id', created_at: 'p.created_at', updated_at: 'p.updated_at',
};

interface PersonViewRow {
  id: number;
  name: string;
  primary_email: string;
  locale: string;
  time_zone: string;
  disabled: boolean;
  roles: Role[];
  account_id: string;
  account_name: string;
  organization_id: number | null;
  organization_name: string | null;
  created_at: Date;
  updated_at: Date;
}

function personViews(db: Database, scope: PeopleReadScope): Knex.QueryBuilder {
  const query = db('people as p')
    .join('accounts as a', 'a.id', 'p.account_id')
    .leftJoin('organizations as o', 'o.id', 'p.organization_id')
    .whereRaw('p.account_id = any(?)', [[...scope.peopleAccounts]])
    .select(
      'p.id', 'p.name', 'p.primary_email', 'p.locale', 'p.time_zone', 'p.disabled', 'p.created_at', 'p.updated_at',
      'a.id as account_id', 'a.name as account_name', 'o.id as organization_id', 'o.name as organization_name',
      db.raw('array(select r.role from person_roles r where r.person_id = p.id and r.account_id = ? order by r.role)::text[] as roles', [scope.accountId]),
    );
  if (scope.teamId !== undefined) {
    query.whereExists((sub) =>
      sub.select(db.raw('1')).from('team_memberships as m')
        .whereRaw('m.person_id = p.id').where({ 'm.team_id': scope.teamId, 'm.account_id': scope.accountId }));
  }
  return query;
}

function toView({ account_id, account_name, organization_id, organization_name, ...row }: PersonViewRow): PersonDirectoryView {
  return {
    ...row,
    account: { id: account_id, name: account_name },
    organization: organization_id === null ? null : { id: organization_id, name: organization_name ?? '' },
  };
}

export async function listPersonViews(db: Database, scope: PeopleReadScope, query: CollectionQuery): Promise<Page<PersonDirectoryView>> {
  const page = await fetchPage<PersonViewRow>(personViews(db, scope), query, PERSON_COLUMNS);
  return { rows: page.rows.map(toView), total: page.total };
}

export async function findPersonDirectoryView(db: Database, scope: PeopleReadScope, id: number): Promise<PersonDirectoryView | null> {
  const row = (await personViews(db, scope).where('p.id', id).first()) as PersonViewRow | undefined;
  return row ? toView(row) : null;
}
