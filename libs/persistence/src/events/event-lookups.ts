/** The reference lookups of the events intake, each scoped to one account. */
import type { ByNameOrId, CiLookup, CiRef, PersonRef, Ref, ServiceInstanceRef, SlaTargets, TemplateRef } from '@tessera/domain';
import type { Database } from '../database.js';

const byNameOrId = (by: ByNameOrId, column = 'name') => ('id' in by ? { id: by.id } : { [column]: by.name });

export async function findCi(db: Database, accountId: string, by: CiLookup): Promise<CiRef | null> {
  const query = db('configuration_items as ci').where('ci.account_id', accountId);
  if ('id' in by) query.where('ci.id', by.id);
  else if ('label' in by) query.where((q) => q.where('ci.label', by.label).orWhere((s) => s.where({ 'ci.rule_set': 'software', 'ci.name': by.label })));
  else {
    query.where('ci.source_id', by.sourceId);
    if (by.source !== null) query.where('ci.source', by.source);
  }
  const row = await query
    .orderByRaw('(ci.label = ?) desc nulls last, ci.id', ['label' in by ? by.label : ''])
    .first('ci.id', 'ci.name', db.raw('(select service_instance_id from ci_service_instances l where l.ci_id = ci.id order by position limit 1) as si_id'));
  return row ? { id: row.id, name: row.name, serviceInstanceId: row.si_id ?? null } : null;
}

export async function findPerson(db: Database, accountIds: string[], by: { id: number } | { email: string }): Promise<PersonRef | null> {
  const query = db('people').where({ disabled: false });
  if (accountIds.length > 0) query.whereIn('account_id', accountIds);
  if ('id' in by) query.where({ id: by.id });
  else query.whereRaw('lower(primary_email) = lower(?)', [by.email]);
  const row = await query.first('id', 'name', 'account_id', 'organization_id', 'primary_email');
  return row ? { id: row.id, name: row.name, accountId: row.account_id, organizationId: row.organization_id, primaryEmail: row.primary_email } : null;
}

const siColumns = ['id', 'name', 'first_line_team_id', 'support_team_id'];
const toSi = (row: { id: number; name: string; first_line_team_id: number | null; support_team_id: number | null } | undefined): ServiceInstanceRef | null =>
  row ? { id: row.id, name: row.name, firstLineTeamId: row.first_line_team_id, supportTeamId: row.support_team_id } : null;

export async function findServiceInstance(db: Database, accountId: string, by: ByNameOrId): Promise<ServiceInstanceRef | null> {
  return toSi(await db('service_instances').where({ account_id: accountId, ...byNameOrId(by) }).first(siColumns));
}

export async function findServiceInstanceById(db: Database, id: number): Promise<ServiceInstanceRef | null> {
  return toSi(await db('service_instances').where({ id }).first(siColumns));
}

async function findRef(db: Database, table: string, accountId: string, where: Record<string, unknown>, label = 'name'): Promise<Ref | null> {
  const row = await db(table).where({ account_id: accountId, ...where }).first('id', `${label} as name`);
  return row ? { id: row.id, name: row.name } : null;
}

export const findTeam = (db: Database, accountId: string, by: ByNameOrId) => findRef(db, 'teams', accountId, byNameOrId(by));
export const findSupplier = (db: Database, accountId: string, by: ByNameOrId) => findRef(db, 'suppliers', accountId, byNameOrId(by));
export const findProblem = (db: Database, accountId: string, id: number) => findRef(db, 'problems', accountId, { id }, 'subject');
export const findWorkflow = (db: Database, accountId: string, id: number) => findRef(db, 'workflows', accountId, { id }, 'subject');

export async function findTemplate(db: Database, accountId: string, id: number): Promise<TemplateRef | null> {
  const row = await db('templates as t')
    .leftJoin('workflow_templates as w', 'w.id', 't.workflow_template_id')
    .where({ 't.account_id': accountId, 't.id': id })
    .first('t.id', 't.subject', 't.category', 't.impact', 't.service_instance_id', 't.team_id', 't.member_id', 'w.manager_id');
  if (!row) return null;
  return {
    id: row.id, subject: row.subject, category: row.category, impact: row.impact, serviceInstanceId: row.service_instance_id,
    teamId: row.team_id, memberId: row.member_id, workflowManagerId: row.manager_id ?? null,
  };
}

export async function teamIdsOf(db: Database, personId: number): Promise<number[]> {
  return db('team_memberships').where({ person_id: personId }).orderBy('team_id').pluck('team_id');
}

export async function serviceDeskTeamFor(db: Database, customerAccountId: string): Promise<number | null> {
  const row = await db('first_line_support_agreements').where({ customer_account_id: customerAccountId }).first('service_desk_team_id');
  return row?.service_desk_team_id ?? null;
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
