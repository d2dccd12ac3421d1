/**
 * The reference lookups of the events intake, each scoped to one account, and
 * returning only references that are valid in that account.
 */
import type { Knex } from 'knex';
import type { ByNameOrId, CiLookup, CiRef, PersonRef, Ref, Role, ServiceInstanceRef, SlaTargets, TemplateRef } from '@tessera/domain';
import type { Database } from '../database.js';

const byNameOrId = (by: ByNameOrId, column = 'name') => ('id' in by ? { id: by.id } : { [column]: by.name });

/**
 * A service instance with its first line and support teams, each only when it
 * is a team of the service instance's own account.
 */
function serviceInstances(db: Database) {
  return db('service_instances as si')
    .leftJoin('teams as flt', (j) => j.on('flt.id', 'si.first_line_team_id').andOn('flt.account_id', 'si.account_id'))
    .leftJoin('teams as st', (j) => j.on('st.id', 'si.support_team_id').andOn('st.account_id', 'si.account_id'));
}
const SI_COLUMNS = ['si.id', 'si.name', 'flt.id as first_line_team_id', 'st.id as support_team_id'];
type SiRow = { id: number; name: string; first_line_team_id: number | null; support_team_id: number | null };
const toSi = (row: SiRow | undefined): ServiceInstanceRef | null =>
  row ? { id: row.id, name: row.name, firstLineTeamId: row.first_line_team_id, supportTeamId: row.support_team_id } : null;

async function serviceInstanceById(db: Database, accountId: string, id: number | null): Promise<ServiceInstanceRef | null> {
  if (id === null) return null;
  return toSi(await serviceInstances(db).where({ 'si.account_id': accountId, 'si.id': id }).first(SI_COLUMNS));
}

export async function findCi(db: Database, accountId: string, by: CiLookup): Promise<CiRef | null> {
  const query = db('configuration_items as ci').where('ci.account_id', accountId);
  if ('id' in by) query.where('ci.id', by.id);
  else if ('label' in by) query.where((q) => q.where('ci.label', by.label).orWhere((s) => s.where({ 'ci.rule_set': 'software', 'ci.name': by.label })));
  else {
    query.where('ci.source_id', by.sourceId);
    if (by.source !== null) query.where('ci.source', by.source);
  }
  // The CI's first service instance of its own account; links to other accounts are not followed.
  const firstSi = db('ci_service_instances as l')
    .join('service_instances as lsi', 'lsi.id', 'l.service_instance_id')
    .whereRaw('l.ci_id = ci.id and lsi.account_id = ci.account_id')
    .orderBy('l.position')
    .limit(1)
    .select('l.service_instance_id');
  const row = await query
    .orderByRaw('(ci.label = ?) desc nulls last, ci.id', ['label' in by ? by.label : ''])
    .first('ci.id', 'ci.name', firstSi.as('si_id'));
  if (!row) return null;
  return { id: row.id, name: row.name, serviceInstance: await serviceInstanceById(db, accountId, row.si_id ?? null) };
}

export async function findPerson(db: Database, accountIds: readonly string[], by: { id: number } | { email: string }): Promise<PersonRef | null> {
  if (accountIds.length === 0) throw new Error('findPerson needs the accounts to look in');
  const query = db('people').where({ disabled: false }).whereIn('account_id', accountIds);
  if ('id' in by) query.where({ id: by.id });
  else query.whereRaw('lower(primary_email) = lower(?)', [by.email]);
  const row = await query.first('id', 'name', 'account_id', 'organization_id', 'primary_email');
  return row ? { id: row.id, name: row.name, accountId: row.account_id, organizationId: row.organization_id, primaryEmail: row.primary_email } : null;
}

export async function findServiceInstance(db: Database, accountId: string, by: ByNameOrId): Promise<ServiceInstanceRef | null> {
  const where = 'id' in by ? { 'si.id': by.id } : { 'si.name': by.name };
  return toSi(await serviceInstances(db).where({ 'si.account_id': accountId, ...where }).first(SI_COLUMNS));
}

async function findRef(db: Database, table: string, accountId: string, where: Record<string, unknown>, label = 'name'): Promise<Ref | null> {
  const row = await db(table).where({ account_id: accountId, ...where }).first('id', `${label} as name`);
  return row ? { id: row.id, name: row.name } : null;
}

export const findTeam = (db: Database, accountId: string, by: ByNameOrId) => findRef(db, 'teams', accountId, byNameOrId(by));
export const findSupplier = (db: Database, accountId: string, by: ByNameOrId) => findRef(db, 'suppliers', accountId, byNameOrId(by));
export const findProblem = (db: Database, accountId: string, id: number) => findRef(db, 'problems', accountId, { id }, 'subject');
export const findWorkflow = (db: Database, accountId: string, id: number) => findRef(db, 'workflows', accountId, { id }, 'subject');

/**
 * A template with the references it would put on a request, each only when it
 * is valid in the template's account: its team and service instance of that
 * account, its member and workflow manager people of that account or of its
 * directory account.
 */
export async function findTemplate(db: Database, accountId: string, id: number): Promise<TemplateRef | null> {
  const personIn = (alias: string, column: string) => (j: Knex.JoinClause) =>
    j.on(`${alias}.id`, column).andOn((o) => o.on(`${alias}.account_id`, 'a.id').orOn(`${alias}.account_id`, 'a.directory_account_id'));
  const row = await db('templates as t')
    .join('accounts as a', 'a.id', 't.account_id')
    .leftJoin('workflow_templates as w', (j) => j.on('w.id', 't.workflow_template_id').andOn('w.account_id', 't.account_id'))
    .leftJoin('teams as tt', (j) => j.on('tt.id', 't.team_id').andOn('tt.account_id', 't.account_id'))
    .leftJoin('people as tm', personIn('tm', 't.member_id'))
    .leftJoin('people as wm', personIn('wm', 'w.manager_id'))
    .where({ 't.account_id': accountId, 't.id': id })
    .first('t.id', 't.subject', 't.category', 't.impact', 't.service_instance_id', 'tt.id as team_id', 'tm.id as member_id', 'wm.id as manager_id');
  if (!row) return null;
  return {
    id: row.id, subject: row.subject, category: row.category, impact: row.impact,
    serviceInstance: await serviceInstanceById(db, accountId, row.service_instance_id),
    teamId: row.team_id ?? null, memberId: row.member_id ?? null, workflowManagerId: row.manager_id ?? null,
  };
}

export async function teamIdsOf(db: Database, accountId: string, personId: number): Promise<number[]> {
  return db('team_memberships as m')
    .join('teams as t', 't.id', 'm.team_id')
    .where({ 'm.person_id': personId, 't.account_id': accountId })
    .orderBy('m.team_id')
    .pluck('m.team_id');
}

export async function serviceDeskTeamFor(db: Database, accountId: string, customerAccountId: string): Promise<number | null> {
  const row = await db('first_line_support_agreements as f')
    .join('teams as t', (j) => j.on('t.id', 'f.service_desk_team_id').andOn('t.account_id', 'f.account_id'))
    .where({ 'f.account_id': accountId, 'f.customer_account_id': customerAccountId })
    .first('t.id');
  return row?.id ?? null;
}

export async function rolesIn(db: Database, accountId: string, personId: number): Promise<Role[]> {
  return db('person_roles').where({ account_id: accountId, person_id: personId }).orderBy('role').pluck('role');
}

/** The SLA for the customer's account on that service instance, or one without a customer. */
export async function slaTargets(db: Database, serviceInstanceId: number, customerAccountId: string): Promise<SlaTargets | null> {
  const row = await db('slas')
    .where({ service_instance_id: serviceInstanceId })
    .andWhere((q) => q.where({ customer_account_id: customerAccountId }).orWhereNull('customer_account_id'))
    .orderByRaw('customer_account_id is null, id')
    .first('response_target_minutes', 'resolution_target_minutes');
  return row ? { responseMinutes: row.response_target_minutes, resolutionMinutes: row.resolution_target_minutes } : null;
}
