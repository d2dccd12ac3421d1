import { createTestDatabase, type TestDatabase } from './testing/index.js';
import { migrateDownAll, migrateLatest, listPendingMigrations } from './migrate.js';

const CORE_TABLES = [
  'accounts', 'organizations', 'people', 'person_roles', 'personal_access_tokens', 'teams', 'team_memberships',
  'services', 'service_instances', 'configuration_items', 'ci_service_instances', 'slas', 'first_line_support_agreements',
  'workflow_templates', 'templates', 'workflows', 'problems', 'projects', 'knowledge_articles', 'suppliers',
  'requests', 'notes', 'audit_lines', 'rate_limits', 'oauth_applications', 'integrations', 'integration_scopes', 'ui_extensions',
  'ui_extension_versions', 'rate_limit_windows', 'webhook_policies', 'webhooks', 'attachments', 'record_attachments',
  'webhook_deliveries', 'webhook_delivery_queue', 'webhook_event_messages', 'webhook_delivery_attempts', 'worker_processes', 'oauth_artifacts', 'ui_extension_translations',
  'products', 'contracts', 'contract_cis', 'service_offerings', 'time_entries', 'out_of_office_periods', 'knowledge_article_service_instances', 'risks', 'risk_organizations', 'risk_services', 'agile_boards', 'agile_board_columns', 'broadcasts', 'broadcast_teams', 'broadcast_organizations',
  'releases', 'tasks', 'task_predecessors', 'task_approvers', 'task_approvals', 'risk_projects', 'project_task_approvals',
  'project_tasks', 'project_task_predecessors', 'project_task_assignments', 'automation_rules', 'automation_rule_runs',
];

/** Tables of no one account: accounts itself, the queue's process registry, the rate-limit buckets. */
const SHARED_TABLES = ['accounts', 'rate_limit_windows', 'rate_limits', 'worker_processes'];
async function tables(test: TestDatabase): Promise<string[]> {
  // A partitioned table counts once: its partitions (the delivery log's days, decision 057) are not tables of the schema's own.
  const { rows } = await test.db.raw<{ rows: Array<{ name: string }> }>(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition",
  );
  return rows.map((row) => row.name).filter((name) => !name.startsWith('knex_')).sort();
}

describe('migrations', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ migrated: false });
  });
  afterAll(() => test.drop());

  it('run up, down and up again, ending with every core table and nothing pending', async () => {
    expect(await migrateLatest(test.db)).toHaveLength(55);
    expect(await tables(test)).toEqual([...CORE_TABLES].sort());

    await migrateDownAll(test.db);
    expect(await tables(test)).toEqual([]);
    const schemas = await test.db('information_schema.schemata').where({ schema_name: 'graphile_worker' }).pluck('schema_name');
    expect(schemas).toEqual([]);

    await migrateLatest(test.db);
    expect(await tables(test)).toEqual([...CORE_TABLES].sort());
    expect(await listPendingMigrations(test.db)).toEqual([]);
    const queue = await test.db.raw("select to_regproc('graphile_worker.add_job') is not null as ok");
    expect(queue.rows[0].ok).toBe(true);
  });

  it('gives requests every field of the spec Request table', async () => {
    const columns: string[] = await test.db('information_schema.columns').where({ table_name: 'requests' }).pluck('column_name');
    for (const field of [
      'subject', 'category', 'status', 'impact', 'completion_reason', 'service_instance_id', 'organization_id', 'requested_by_id',
      'requested_for_id', 'created_by_id', 'member_id', 'team_id', 'supplier_id', 'workflow_id', 'problem_id', 'project_id', 'ci_id',
      'template_id', 'knowledge_article_id', 'grouped_into_id', 'created_at', 'updated_at', 'completed_at', 'desired_completion_at',
      'downtime_start_at', 'downtime_end_at', 'waiting_until', 'response_target_at', 'resolution_target_at',
      'requester_resolution_target_at', 'resolution_duration', 'source', 'source_id', 'supplier_request_id', 'grouping',
      'satisfaction', 'custom_fields', 'new_assignment', 'reviewed', 'urgent', 'addressed',
    ]) {
      expect(columns).toContain(field);
    }
  });

  it('gives every tenant table its account_id (ARCHITECTURE.md "Data"); only the shared tables go without', async () => {
    const withAccount: string[] = await test.db('information_schema.columns').where({ table_schema: 'public', column_name: 'account_id' }).pluck('table_name');
    const without = (await tables(test)).filter((name) => !withAccount.includes(name));
    expect(without).toEqual([...SHARED_TABLES].sort());
  });
});
