/** The engine's write use cases for teams, typed by their inputs (for callers outside REST and GraphQL: the worker's specs). */
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { createRecord, updateRecord } from '../record-engine/record-use-cases.js';
import { TEAM, type TeamCreateInput, type TeamUpdateInput } from './team.record.js';

type Writes = UnitOfWork<'records' | 'auditLines' | 'jobs' | 'now'>;

export const createTeam = (access: AccessContext, input: TeamCreateInput, uow: Writes) => createRecord(TEAM, access, input, uow);
export const updateTeam = (access: AccessContext, id: number, input: TeamUpdateInput, uow: Writes) => updateRecord(TEAM, access, id, input, uow);
