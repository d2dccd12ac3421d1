/**
 * The service records of the demo: teams, service instances, configuration items,
 * SLA, first line support agreements, templates and the rest that the events intake
 * rules lean on. The README's examples name `Service Desk`, `Database Operations`,
 * `Database Production`, `srv-db-01`, `srv-orphan-01` and `Server outage`.
 */
import type { Database } from '../database.js';
import { ensureRow } from './ensure-row.js';

export interface ServiceSeedContext {
  account: string;
  directoryAccount: string;
  wdcOrg: number;
  widgetOrg: number;
  agentId: number;
}

export async function seedServiceRecords(db: Database, ctx: ServiceSeedContext): Promise<void> {
  const { account } = ctx;
  const person = (name: string, email: string, accountId: string, organizationId: number) =>
    ensureRow(db, 'people', { primary_email: email }, { name, account_id: accountId, organization_id: organizationId, locale: 'en-US' });
  const dba = await person('Dana Database', 'dana@widget.example', account, ctx.wdcOrg);
  const manager = await person('Wes Workflow', 'wes@widget.example', account, ctx.wdcOrg);
  await person('Ellen Enduser', 'ellen@widget.example', ctx.directoryAccount, ctx.widgetOrg);

  const serviceDesk = await ensureRow(db, 'teams', { account_id: account, name: 'Service Desk' });
  const dbOps = await ensureRow(db, 'teams', { account_id: account, name: 'Database Operations' });
  await db('team_memberships')
    .insert([{ account_id: account, team_id: serviceDesk, person_id: ctx.agentId }, { account_id: account, team_id: dbOps, person_id: dba }])
    .onConflict(['team_id', 'person_id'])
    .ignore();

  const databaseService = await ensureRow(db, 'services', { account_id: account, name: 'Database' });
  const emailService = await ensureRow(db, 'services', { account_id: account, name: 'E-mail' });
  const dbProd = await ensureRow(db, 'service_instances', { account_id: account, name: 'Database Production' }, {
    service_id: databaseService, first_line_team_id: dbOps, support_team_id: serviceDesk,
  });
  await ensureRow(db, 'service_instances', { account_id: account, name: 'E-mail Production' }, {
    service_id: emailService, first_line_team_id: null, support_team_id: serviceDesk,
  });

  const dbCi = await ensureRow(db, 'configuration_items', { account_id: account, label: 'srv-db-01' }, {
    name: 'Database server 01', rule_set: 'hardware', source: 'nagios', source_id: 'host-17',
  });
  await db('ci_service_instances').insert({ account_id: account, ci_id: dbCi, service_instance_id: dbProd, position: 1 }).onConflict(['ci_id', 'service_instance_id']).ignore();
  await ensureRow(db, 'configuration_items', { account_id: account, label: 'srv-orphan-01' }, { name: 'Orphan server 01', rule_set: 'hardware' });
  await ensureRow(db, 'configuration_items', { account_id: account, name: 'PostgreSQL 16', rule_set: 'software' });

  await ensureRow(db, 'slas', { account_id: account, name: 'Database Production for Widget International' }, {
    service_instance_id: dbProd, customer_account_id: ctx.directoryAccount, response_target_minutes: 60, resolution_target_minutes: 480,
  });
  for (const customer of [account, ctx.directoryAccount]) {
    await ensureRow(db, 'first_line_support_agreements', { account_id: account, customer_account_id: customer }, {
      name: `First line support for ${customer}`, service_desk_team_id: serviceDesk,
    });
  }

  const workflowTemplate = await ensureRow(db, 'workflow_templates', { account_id: account, subject: 'Server recovery' }, { manager_id: manager });
  await ensureRow(db, 'templates', { account_id: account, subject: 'Server outage' }, {
    category: 'incident', impact: 'high', workflow_template_id: workflowTemplate,
  });
  await ensureRow(db, 'templates', { account_id: account, subject: 'Password reset' }, { category: 'rfi' });
  await ensureRow(db, 'problems', { account_id: account, subject: 'Database failover is slow' });
  await ensureRow(db, 'suppliers', { account_id: account, name: 'Acme Hosting' });
  await ensureRow(db, 'workflows', { account_id: account, subject: 'Replace srv-db-01 disks' }, { workflow_template_id: workflowTemplate, manager_id: manager });
}
