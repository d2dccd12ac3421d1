import type { TeamRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { namedRecordRepository } from '../named-records/named-record.repository.js';

/** Teams of one account, by id or name. */
export function teamRepository(db: Database): TeamRepository {
  return namedRecordRepository(db, 'teams');
}
