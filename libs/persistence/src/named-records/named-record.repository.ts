/**
 * Records the events intake only refers to, each found in one account: teams
 * and suppliers by id or name, problems, workflows and projects by id (named by their subject).
 */
import type { ByNameOrId, NamedRecordRepository, Ref } from '@tessera/domain';
import type { Database } from '../database.js';

export function namedRecordRepository(db: Database, table: 'teams' | 'suppliers' | 'problems' | 'workflows' | 'projects'): NamedRecordRepository {
  const label = table === 'problems' || table === 'workflows' || table === 'projects' ? 'subject' : 'name';
  return {
    async find(account, by: ByNameOrId): Promise<Ref | null> {
      const where = 'id' in by ? { id: by.id } : { [label]: by.name };
      const row = await db(table).where({ account_id: account, ...where }).first('id', `${label} as name`);
      return row ? { id: row.id, name: row.name } : null;
    },
  };
}
