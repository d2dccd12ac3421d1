import type { Knex } from 'knex';

const CATEGORIES = ['complaint', 'compliment', 'fulfillment', 'incident', 'other', 'reservation', 'rfc', 'rfi'];
const STATUSES = ['declined', 'on_backlog', 'assigned', 'accepted', 'in_progress', 'waiting_for', 'waiting_for_customer', 'reservation_pending', 'workflow_pending', 'project_pending', 'completed'];
const IMPACTS = ['low', 'medium', 'high', 'top'];
const COMPLETION_REASONS = ['solved', 'workaround', 'gone', 'duplicate', 'withdrawn', 'no_reply', 'rejected', 'conflict', 'declined', 'unsolvable'];

const inList = (column: string, values: string[]) => `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;

/** Requests (every field of SPEC.md's Request table), their notes, and audit lines. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('requests', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 190).notNullable();
    t.string('category', 32).notNullable();
    t.string('status', 32).notNullable();
    t.string('impact', 16).nullable();
    t.string('completion_reason', 32).nullable();
    t.integer('service_instance_id').nullable().references('id').inTable('service_instances');
    t.integer('organization_id').nullable().references('id').inTable('organizations');
    t.integer('requested_by_id').notNullable().references('id').inTable('people');
    t.integer('requested_for_id').notNullable().references('id').inTable('people');
    t.integer('created_by_id').notNullable().references('id').inTable('people');
    t.integer('member_id').nullable().references('id').inTable('people');
    t.integer('team_id').nullable().references('id').inTable('teams');
    t.integer('supplier_id').nullable().references('id').inTable('suppliers');
    t.integer('workflow_id').nullable().references('id').inTable('workflows');
    t.integer('problem_id').nullable().references('id').inTable('problems');
    t.integer('project_id').nullable().references('id').inTable('projects');
    t.integer('ci_id').nullable().references('id').inTable('configuration_items');
    t.integer('template_id').nullable().references('id').inTable('templates');
    t.integer('knowledge_article_id').nullable().references('id').inTable('knowledge_articles');
    t.integer('grouped_into_id').nullable().references('id').inTable('requests');
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.timestamp('desired_completion_at', { useTz: true }).nullable();
    t.timestamp('downtime_start_at', { useTz: true }).nullable();
    t.timestamp('downtime_end_at', { useTz: true }).nullable();
    t.timestamp('waiting_until', { useTz: true }).nullable();
    t.timestamp('response_target_at', { useTz: true }).nullable();
    t.timestamp('resolution_target_at', { useTz: true }).nullable();
    t.timestamp('requester_resolution_target_at', { useTz: true }).nullable();
    t.integer('resolution_duration').nullable();
    t.string('source', 30).nullable();
    t.string('source_id', 128).nullable();
    t.string('supplier_request_id', 128).nullable();
    t.string('grouping', 16).notNullable().defaultTo('none');
    t.string('satisfaction', 16).nullable();
    t.jsonb('custom_fields').nullable();
    t.boolean('new_assignment').notNullable().defaultTo(false);
    t.boolean('reviewed').notNullable().defaultTo(false);
    t.boolean('urgent').notNullable().defaultTo(false);
    t.boolean('addressed').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.check(inList('category', CATEGORIES), [], 'requests_category');
    t.check(inList('status', STATUSES), [], 'requests_status');
    t.check(`impact is null or ${inList('impact', IMPACTS)}`, [], 'requests_impact');
    t.check(`completion_reason is null or ${inList('completion_reason', COMPLETION_REASONS)}`, [], 'requests_completion_reason');
    t.check("grouping in ('none', 'group', 'grouped')", [], 'requests_grouping');
    t.index(['account_id', 'created_at']);
  });
  // Event matching looks for open requests of one account by source/service instance/CI.
  await knex.raw(
    `create index requests_open_event_match on requests (account_id, source, service_instance_id, ci_id, created_at) where status <> 'completed'`,
  );
  await knex.schema.createTable('notes', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('request_id').notNullable().references('id').inTable('requests').onDelete('CASCADE');
    t.integer('person_id').notNullable().references('id').inTable('people');
    t.text('text').notNullable();
    t.boolean('internal').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['request_id']);
  });
  await knex.schema.createTable('audit_lines', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('record_type', 64).notNullable();
    t.integer('record_id').notNullable();
    t.integer('person_id').nullable().references('id').inTable('people');
    t.string('source', 30).nullable();
    t.string('source_id', 128).nullable();
    t.string('action', 32).notNullable();
    t.jsonb('changes').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['record_type', 'record_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_lines');
  await knex.schema.dropTable('notes');
  await knex.schema.dropTable('requests');
}
