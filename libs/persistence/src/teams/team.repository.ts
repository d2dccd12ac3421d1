import type { TeamRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { namedRecordRepository } from '../named-records/named-record.repository.js';
import { findTeamView, listTeamViews } from './team-views.js';

/** Teams of one account: by id or name (the events intake), and as `/v1/teams` reads them. */
export function teamRepository(db: Database): TeamRepository {
  return {
    ...namedRecordRepository(db, 'teams'),
    listViews: (scope, query) => listTeamViews(db, scope, query),
    findView: (account, id) => findTeamView(db, account, id),
  };
}
