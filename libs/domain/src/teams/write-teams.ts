/**
 * `POST /v1/teams` and `PATCH /v1/teams/:id` (issue 22 item 2), and GraphQL `teamCreate` /
 * `teamUpdate`: a team of the account of the call, by its administrators (teams-admin.ts),
 * checked against the team's declaration (team-fields.ts), every problem at once: the name
 * unique in the account, the manager and the members people of the account or of its
 * directory account. In one transaction: the team, its members, one audit line and
 * `team.create` / `team.update` through the one outbox. A change that changes nothing
 * writes nothing.
 */
import { takenAsRead } from '../records/names-as-read.js';
import { notFound, validationFailed, type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import { peopleAccountsOf } from '../identity/account-access.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import { recordChange } from '../outbox/record-change.js';
import type { Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import { inDeclarationOrder } from '../records/check-record-input.js';
import { checkTeamInput, TEAM_RECORD, type CheckedTeamInput, type TeamCreateInput, type TeamUpdateInput } from './team-fields.js';
import { sameIds } from './team-memberships.js';
import type { TeamFieldsRow } from './team-write.repository.js';
import type { TeamView } from './team-view.js';
import { assertTeamsAdmin } from './teams-admin.js';

type TeamWrites = UnitOfWork<'teams' | 'teamWrites' | 'auditLines' | 'jobs'>;
type Tx = Pick<Transaction, 'teams' | 'teamWrites' | 'auditLines' | 'jobs'>;

const taken = (name: string): FieldError => takenAsRead('name', name);
const listed = (ids: readonly number[]) => ids.slice(0, 10).join(', ') + (ids.length > 10 ? ', …' : '');

/** The problems of the values only the store can tell: a taken name, people not of the account. */
async function lookupErrors(tx: Tx, access: AccessContext, values: CheckedTeamInput, flagged: readonly FieldError[], exceptId?: number): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const has = (field: string) => flagged.some(([name]) => name === field);
  const account = access.account.id;
  if (values.name && !has('name') && (await tx.teamWrites.idWithName(account, values.name, exceptId)) !== null) errors.push(taken(values.name));
  const people = peopleAccountsOf(access.account);
  if (typeof values.manager_id === 'number' && !has('manager_id') && (await tx.teamWrites.peopleOf(people, [values.manager_id])).length === 0) {
    errors.push(['manager_id', 'Manager id does not match any person of the account']);
  }
  if (values.member_ids && values.member_ids.length > 0 && !has('member_ids')) {
    const found = new Set(await tx.teamWrites.peopleOf(people, values.member_ids));
    const missing = values.member_ids.filter((id) => !found.has(id));
    if (missing.length > 0) errors.push(['member_ids', `Member ids ${listed(missing)} do not match any person of the account`]);
  }
  return errors;
}

async function viewOf(tx: Tx, account: string, id: number): Promise<TeamView> {
  const view = await tx.teams.findView(account, id);
  if (!view) throw new Error(`team ${id} vanished`);
  return view;
}

const actorOf = (access: AccessContext) => ({ id: access.person.id, name: access.person.name });

export async function createTeam(access: AccessContext, input: TeamCreateInput, uow: TeamWrites): Promise<TeamView> {
  assertTeamsAdmin(access, 'Create');
  const { values, errors } = checkTeamInput(input, 'create');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    errors.push(...(await lookupErrors(tx, access, values, errors)));
    assertValidInput(input, inDeclarationOrder(TEAM_RECORD, errors));
    const fields: TeamFieldsRow = { name: values.name!, manager_id: values.manager_id ?? null, disabled: values.disabled ?? false };
    const id = await tx.teamWrites.insert(account, fields);
    if (id === null) throw validationFailed([taken(fields.name)]);
    const members = values.member_ids ?? [];
    if (members.length > 0) await tx.teamWrites.replaceMembers(id, members);
    await recordChange(tx, {
      account, record: { type: 'Team', id }, action: 'create', actor: actorOf(access), source: null, sourceId: null,
      changes: { ...fields, member_ids: members }, events: [{ name: 'team.create' }],
    });
    return viewOf(tx, account, id);
  });
}

export async function updateTeam(access: AccessContext, id: number, input: TeamUpdateInput, uow: TeamWrites): Promise<TeamView> {
  assertTeamsAdmin(access, 'Update');
  const { values, errors } = checkTeamInput(input, 'change');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const current = await tx.teamWrites.findForUpdate(account, id);
    if (!current) throw notFound();
    errors.push(...(await lookupErrors(tx, access, values, errors, id)));
    assertValidInput(input, inDeclarationOrder(TEAM_RECORD, errors));

    const { member_ids: wantedMembers, ...wanted } = values;
    const changed = changedFields<TeamFieldsRow>(current, wanted);
    const audit = auditPairs(current, changed);
    const membersBefore = await tx.teamWrites.memberIds(id);
    const members = wantedMembers ?? membersBefore;
    if (!sameIds(members, membersBefore)) audit['member_ids'] = [membersBefore, members];
    if (Object.keys(audit).length === 0) return viewOf(tx, account, id);

    if (Object.keys(changed).length > 0 && !(await tx.teamWrites.update(id, changed))) throw validationFailed([taken(changed.name ?? '')]);
    if ('member_ids' in audit) await tx.teamWrites.replaceMembers(id, members);
    await recordChange(tx, {
      account, record: { type: 'Team', id }, action: 'update', actor: actorOf(access), source: null, sourceId: null,
      changes: audit, events: [{ name: 'team.update' }],
    });
    return viewOf(tx, account, id);
  });
}
