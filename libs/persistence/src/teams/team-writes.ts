/** Teams as `/v1/teams` writes them: one team, locked for a change, and its members. */
import type { TeamWriteRepository } from '@tessera/domain';
import type { Database } from '../database.js';

const FIELDS = ['name', 'manager_id', 'disabled'] as const;

/** teams_account_id_name_as_read_unique refused the write. */
const isTakenName = (error: unknown) => (error as { code?: string }).code === '23505';

export function teamWriteRepository(db: Database): TeamWriteRepository {
  return {
    async idWithName(account, name, exceptId) {
      // Names compared as a person reads them, as the unique index compares them (migration 23).
      const query = db('teams').where({ account_id: account }).whereRaw('name_as_read(name) = name_as_read(?)', [name]);
      if (exceptId !== undefined) query.whereNot('id', exceptId);
      const row = await query.first('id');
      return row ? (row.id as number) : null;
    },
    async insert(account, fields) {
      const rows = await db.raw<{ rows: Array<{ id: number }> }>(
        'insert into teams (account_id, name, manager_id, disabled) values (?, ?, ?, ?) on conflict (account_id, name_as_read(name)) do nothing returning id',
        [account, fields.name, fields.manager_id, fields.disabled],
      );
      return rows.rows[0]?.id ?? null;
    },
    async findForUpdate(account, id) {
      const row = await db('teams').where({ account_id: account, id }).forUpdate().first('id', ...FIELDS);
      return row ?? null;
    },
    async update(id, changes) {
      try {
        // A savepoint: a taken name leaves the transaction usable for the answer.
        await db.transaction((trx) => trx('teams').where({ id }).update({ ...changes, updated_at: db.fn.now() }));
        return true;
      } catch (error) {
        if (isTakenName(error)) return false;
        throw error;
      }
    },
    memberIds: (teamId) => db('team_memberships').where({ team_id: teamId }).orderBy('person_id').pluck('person_id'),
    async replaceMembers(teamId, personIds) {
      await db('team_memberships').where({ team_id: teamId }).delete();
      if (personIds.length > 0) {
        // A membership is of its team's account, taken from the team row in the same statement.
        await db.raw(
          'insert into team_memberships (account_id, team_id, person_id) select t.account_id, t.id, p.id from teams t, unnest(?::int[]) as p(id) where t.id = ?',
          [[...personIds], teamId],
        );
      }
      await db('teams').where({ id: teamId }).update({ updated_at: db.fn.now() });
    },
    peopleOf: (accounts, ids) => db('people').whereIn('account_id', [...accounts]).whereIn('id', [...ids]).orderBy('id').pluck('id'),
    teamsOf: (account, ids) => db('teams').where({ account_id: account }).whereIn('id', [...ids]).orderBy('id').pluck('id'),
  };
}
