/**
 * A team's row and members, one team of an account locked for a change, on the record store:
 * a team is a record of the engine (docs/decisions/039). A person's `team_ids` change the teams'
 * members through the engine itself (record-owned-links.ts); this is not in the unit of work.
 */
import { TEAM, type TeamState, type TeamWriteRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { recordStore } from '../records/record-store.js';

export function teamWriteRepository(db: Database): TeamWriteRepository {
  const store = recordStore(db);
  return {
    idWithName: (account, name, exceptId) => store.idWith(TEAM, account, 'name', name, exceptId),
    insert: (account, fields) => store.insert(TEAM, account, { ...fields }),
    async findForUpdate(account, id) {
      const row = await store.findForUpdate(TEAM, account, id);
      return row && ({ id, ...row } as TeamState);
    },
    update: (id, changes) => store.update(TEAM, id, { ...changes }),
    memberIds: (teamId) => store.linkIds(TEAM, 'member_ids', teamId),
    async replaceMembers(teamId, personIds) {
      await store.replaceLinks(TEAM, 'member_ids', teamId, personIds);
      await store.update(TEAM, teamId, {});
    },
    peopleOf: (accounts, ids) => db('people').whereIn('account_id', [...accounts]).whereIn('id', [...ids]).orderBy('id').pluck('id'),
    teamsOf: (account, ids) => db('teams').where({ account_id: account }).whereIn('id', [...ids]).orderBy('id').pluck('id'),
  };
}
