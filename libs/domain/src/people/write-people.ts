/**
 * `POST /v1/people` and `PATCH /v1/people/:id` (issue 22 item 2): a person of the account of
 * the call, checked against the person's definition (person.record.ts; person-fields.ts, the
 * rules `tessera person create` also applies), every problem at once; written by the
 * definition's writers, a person of the directory account in the directory account only. In
 * one transaction: the person, their roles in the account of the call, one audit line and
 * `person.create` / `person.update` through the one outbox (outbox/record-change.ts); their
 * `team_ids` are the teams' lists, written as the engine writes links owned by the other record
 * (record-owned-links.ts). A change that changes nothing writes nothing. Disabling a person or
 * changing their roles takes effect on their next call on every replica: the access-change
 * feed carries `people` and `person_roles`.
 */
import { forbidden, notFound, validationFailed, type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import { peopleAccountsOf } from '../identity/account-access.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import { recordChange } from '../outbox/record-change.js';
import type { Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import { changeOwnedLinks } from '../record-engine/record-owned-links.js';
import { referenceProblems } from '../record-engine/record-references.js';
import { assertWriter } from '../record-engine/record-writers.js';
import type { PersonDirectoryView } from './person-directory-view.js';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, checkPersonInput, inFieldOrder, type PersonCreateInput, type PersonUpdateInput } from './person-fields.js';
import { insertNewPerson } from './insert-new-person.js';
import type { PersonFieldsRow } from './person-write.repository.js';
import { PERSON } from './person.record.js';

type PeopleWrites = UnitOfWork<'people' | 'personWrites' | 'records' | 'auditLines' | 'jobs' | 'now'>;
type Tx = Pick<Transaction, 'people' | 'personWrites' | 'records' | 'auditLines' | 'jobs' | 'now'>;

const taken = (email: string): FieldError => ['primary_email', `Primary email has already been taken: ${email}`];

/** `team_ids` that name no team of the account of the call (the engine's reference check, the person's message). */
async function teamErrors(tx: Tx, access: AccessContext, teamIds: readonly number[] | undefined, errors: readonly FieldError[]): Promise<FieldError[]> {
  return errors.some(([field]) => field === 'team_ids') ? [] : referenceProblems(tx.records, access.account, PERSON, { team_ids: teamIds });
}

async function viewOf(tx: Tx, access: AccessContext, id: number): Promise<PersonDirectoryView> {
  const view = await tx.records.find(PERSON, access.account.id, id);
  if (!view) throw new Error(`person ${id} vanished`);
  return view as unknown as PersonDirectoryView;
}

export async function createPersonInAccount(access: AccessContext, input: PersonCreateInput, uow: PeopleWrites): Promise<PersonDirectoryView> {
  assertWriter(PERSON, access, 'Create');
  const { values, errors } = checkPersonInput(input, 'create');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const email = values.primary_email;
    if (email && !errors.some(([field]) => field === 'primary_email') && (await tx.personWrites.idWithEmail(email)) !== null) errors.push(taken(email));
    errors.push(...(await teamErrors(tx, access, values.team_ids, errors)));
    assertValidInput(input, inFieldOrder(errors));
    const fields: PersonFieldsRow = {
      name: values.name!, primary_email: email!, locale: values.locale ?? DEFAULT_LOCALE, time_zone: values.time_zone ?? DEFAULT_TIME_ZONE, disabled: values.disabled ?? false,
    };
    const actor = { id: access.person.id, name: access.person.name };
    const id = await insertNewPerson(tx, { account, fields, roles: values.roles ?? [], passwordHash: null, actor, source: null });
    await changeOwnedLinks(PERSON, tx, access, 'team_ids', id, values.team_ids ?? []);
    return viewOf(tx, access, id);
  });
}

export async function updatePerson(access: AccessContext, id: number, input: PersonUpdateInput, uow: PeopleWrites): Promise<PersonDirectoryView> {
  assertWriter(PERSON, access, 'Update');
  const { values, errors } = checkPersonInput(input, 'change');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const current = await tx.personWrites.findForUpdate(peopleAccountsOf(access.account), id);
    if (!current) throw notFound();
    if (current.account_id !== account) throw forbidden(PERSON.directory!.rule);
    const email = values.primary_email;
    if (email && !errors.some(([field]) => field === 'primary_email') && (await tx.personWrites.idWithEmail(email, id)) !== null) errors.push(taken(email));
    errors.push(...(await teamErrors(tx, access, values.team_ids, errors)));
    assertValidInput(input, inFieldOrder(errors));

    const { roles: wantedRoles, team_ids: wantedTeams, ...wanted } = values;
    const actor = { id: access.person.id, name: access.person.name };
    // Memberships are the team's (record-owned-links.ts): each team changed publishes team.update, not the person.
    if (wantedTeams !== undefined) await changeOwnedLinks(PERSON, tx, access, 'team_ids', id, wantedTeams);
    const changed = changedFields<PersonFieldsRow>(current, wanted);
    const audit = auditPairs(current, changed);
    const rolesBefore = await tx.people.rolesIn(account, id);
    const roles = wantedRoles === undefined ? rolesBefore : [...wantedRoles].sort();
    if (roles.join() !== rolesBefore.join()) audit['roles'] = [rolesBefore, roles];
    if (Object.keys(audit).length === 0) return viewOf(tx, access, id);

    if (Object.keys(changed).length > 0 && !(await tx.personWrites.update(id, changed))) throw validationFailed([taken(changed.primary_email ?? '')]);
    if ('roles' in audit) await tx.personWrites.replaceRoles(account, id, roles);
    await recordChange(tx, {
      account, record: { type: 'Person', id }, action: 'update', actor,
      source: null, sourceId: null, changes: audit, events: [{ name: 'person.update' }],
    });
    return viewOf(tx, access, id);
  });
}
