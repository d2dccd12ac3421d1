/** People: the ones valid in an account (its own and its directory account's), their roles and teams there, and `GET /me`. */
import type { PersonRepository, PersonView, Role } from '@tessera/domain';
import { peopleAccountsOf } from '@tessera/domain';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';

export function personRepository(db: Database): PersonRepository {
  return {
    async findValidIn(account, by) {
      const query = db('people').where({ disabled: false }).whereIn('account_id', peopleAccountsOf(account));
      if ('id' in by) query.where({ id: by.id });
      else query.whereRaw('lower(primary_email) = lower(?)', [by.email]);
      const row = await prepared(query.first('id', 'name', 'account_id', 'organization_id', 'primary_email'));
      return row ? { id: row.id, name: row.name, accountId: row.account_id, organizationId: row.organization_id, primaryEmail: row.primary_email } : null;
    },
    rolesIn: (account, personId) => db('person_roles').where({ account_id: account, person_id: personId }).orderBy('role').pluck('role') as Promise<Role[]>,
    teamIdsIn: (account, personId) =>
      db('team_memberships').where({ account_id: account, person_id: personId }).orderBy('team_id').pluck('team_id'),
    findOwnView: (personId) => findPersonView(db, personId),
  };
}

export async function findPersonView(db: Database, personId: number): Promise<PersonView | null> {
  const row = await db('people as p')
    .join('accounts as a', 'a.id', 'p.account_id')
    .leftJoin('organizations as o', 'o.id', 'p.organization_id')
    .where('p.id', personId)
    .first(
      'p.id', 'p.name', 'p.primary_email', 'p.locale', 'p.created_at', 'p.updated_at',
      'a.id as account_id', 'a.name as account_name', 'o.id as organization_id', 'o.name as organization_name',
    );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    primary_email: row.primary_email,
    locale: row.locale,
    account: { id: row.account_id, name: row.account_name },
    organization: row.organization_id ? { id: row.organization_id, name: row.organization_name } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
