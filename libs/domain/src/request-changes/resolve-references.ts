/**
 * Turns the reference parameters of an event into records of the registering
 * account (SPEC.md "Events intake API" parameter table): `*_id` wins over the
 * name form when both are given. A reference that does not resolve is a 422
 * naming the parameter, except team/team_id: an invalid team falls back to the
 * default team (SPEC.md "Errors").
 */
import { validationFailed, type FieldError } from '../errors/domain-error.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { RequestChangeInput } from './request-change-input.js';
import type { CiLookup, CiRef, PersonRef, Ref, ServiceInstanceRef, TemplateRef } from '../records/references.js';
import type { ChangeContext } from './change-context.js';

export interface ResolvedReferences {
  account: AccountRecord;
  currentUser: PersonRef;
  ci: CiRef | null;
  serviceInstance: ServiceInstanceRef | null;
  member: PersonRef | null;
  requestedBy: PersonRef;
  requestedFor: PersonRef;
  /** The team given in the call, when it exists; an invalid one is null here. */
  team: Ref | null;
  supplier: Ref | null;
  problem: Ref | null;
  workflow: Ref | null;
  project: Ref | null;
  template: TemplateRef | null;
}

type ReferenceLookups = Pick<
  Transaction,
  'people' | 'configurationItems' | 'serviceInstances' | 'teams' | 'suppliers' | 'problems' | 'workflows' | 'projects' | 'templates'
>;

type Lookup<T> = { param: string; find: () => Promise<T | null> } | null;

export async function resolveReferences(input: RequestChangeInput, account: AccountRecord, ctx: ChangeContext, tx: ReferenceLookups): Promise<ResolvedReferences> {
  const { refs, errors } = await collectReferences(input, account, ctx, tx);
  if (errors.length > 0) throw validationFailed(errors);
  return refs;
}

/**
 * The references, and the parameters that name no record, for callers that
 * report them with other problems of the same call (the request API).
 */
export async function collectReferences(
  input: RequestChangeInput,
  account: AccountRecord,
  ctx: Pick<ChangeContext, 'access'>,
  tx: ReferenceLookups,
): Promise<{ refs: ResolvedReferences; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const resolve = async <T>(lookup: Lookup<T>): Promise<T | null> => {
    if (!lookup) return null;
    const found = await lookup.find();
    if (!found) errors.push([lookup.param, `${humanize(lookup.param)} does not match any record`]);
    return found;
  };
  const person = (idParam: 'member_id' | 'requested_by_id' | 'requested_for_id', emailParam: 'member' | 'requested_by' | 'requested_for'): Lookup<PersonRef> => {
    const id = input[idParam];
    const email = input[emailParam];
    if (id) return { param: idParam, find: () => tx.people.findValidIn(account, { id }) };
    if (email) return { param: emailParam, find: () => tx.people.findValidIn(account, { email }) };
    return null;
  };
  const byNameOrId = <T>(idParam: keyof RequestChangeInput, nameParam: keyof RequestChangeInput, find: (by: { id: number } | { name: string }) => Promise<T | null>): Lookup<T> => {
    const id = input[idParam];
    const name = input[nameParam];
    if (typeof id === 'number') return { param: idParam, find: () => find({ id }) };
    if (typeof name === 'string') return { param: nameParam, find: () => find({ name }) };
    return null;
  };
  const byId = <T>(param: 'problem_id' | 'workflow_id' | 'project_id' | 'template_id', find: (id: number) => Promise<T | null>): Lookup<T> => {
    const id = input[param];
    return id ? { param, find: () => find(id) } : null;
  };

  const { id, name, accountId, organizationId, primaryEmail } = ctx.access.person;
  const currentUser: PersonRef = { id, name, accountId, organizationId, primaryEmail };
  const ci = await resolve(ciLookup(input, account, tx));
  const serviceInstance = await resolve(byNameOrId('service_instance_id', 'service_instance', (by) => tx.serviceInstances.find(account.id, by)));
  const member = await resolve(person('member_id', 'member'));
  const requestedBy = (await resolve(person('requested_by_id', 'requested_by'))) ?? currentUser;
  const requestedFor = (await resolve(person('requested_for_id', 'requested_for'))) ?? requestedBy;
  const teamLookup = byNameOrId('team_id', 'team', (by) => tx.teams.find(account.id, by));
  const team = teamLookup ? await teamLookup.find() : null;
  const supplier = await resolve(byNameOrId('supplier_id', 'supplier', (by) => tx.suppliers.find(account.id, by)));
  const problem = await resolve(byId('problem_id', (id) => tx.problems.find(account.id, { id })));
  const workflow = await resolve(byId('workflow_id', (id) => tx.workflows.find(account.id, { id })));
  const project = await resolve(byId('project_id', (id) => tx.projects.find(account.id, { id })));
  const template = await resolve(byId('template_id', (id) => tx.templates.find(account.id, id)));
  return { refs: { account, currentUser, ci, serviceInstance, member, requestedBy, requestedFor, team, supplier, problem, workflow, project, template }, errors };
}

function ciLookup(input: RequestChangeInput, account: AccountRecord, tx: ReferenceLookups): Lookup<CiRef> {
  const find = (by: CiLookup) => () => tx.configurationItems.find(account.id, by);
  if (input.ci_id) return { param: 'ci_id', find: find({ id: input.ci_id }) };
  if (input.ci) return { param: 'ci', find: find({ label: input.ci }) };
  if (input.ci_sourceID) return { param: 'ci_sourceID', find: find({ source: input.ci_source ?? null, sourceId: input.ci_sourceID }) };
  return null;
}

function humanize(param: string): string {
  return param.charAt(0).toUpperCase() + param.slice(1).replace(/_/g, ' ');
}
