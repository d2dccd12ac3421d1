/**
 * `GET /v1/teams/:id/members` and `GET /v1/people/:id/teams` (issue 22): a team's members and
 * a person's teams, the teams of the account of the call (a support domain's teams are its own;
 * SPEC.md "Directory account" shares people, not teams), needing team:Read; members are people
 * as `GET /v1/people` reads them (person:Read too, e-mails as the person's definition says).
 * The teams themselves are records of the engine (team.record.ts).
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { PERSON } from '../people/person.record.js';
import { getRecord, listRecords } from '../record-engine/record-use-cases.js';
import type { RecordView } from '../record-engine/record-store.repository.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { TEAM } from './team.record.js';
import type { TeamView } from './team-view.js';

type TeamReads = Pick<Repositories, 'teams' | 'records'>;

/** The members of a team of the account: 404 for a team it does not have. */
export async function listTeamMembers(access: AccessContext, teamId: number, query: CollectionQuery, repos: TeamReads): Promise<Page<RecordView>> {
  await getRecord(TEAM, access, teamId, repos);
  return listRecords(PERSON, access, { ...query, linked: { field: 'team_ids', id: teamId } }, repos);
}

/** The teams of the account a person it sees is a member of: 404 for a person it does not see. */
export async function listPersonTeams(access: AccessContext, personId: number, query: CollectionQuery, repos: TeamReads): Promise<Page<TeamView>> {
  assertAllowed(access, 'team', 'Read');
  await getRecord(PERSON, access, personId, repos);
  return repos.teams.listViews({ accountId: access.account.id, memberId: personId }, query);
}
