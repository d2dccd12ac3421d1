import type { Knex } from 'knex';

const PLAN = "('registered', 'in_progress', 'progress_halted', 'completed')";
const IMPACT = "('none', 'low', 'medium', 'high', 'top')";
const TASK_STATUSES = ['registered', 'declined', 'assigned', 'accepted', 'in_progress', 'waiting_for', 'waiting_for_customer', 'request_pending', 'failed', 'rejected', 'completed', 'approved', 'canceled'];

/**
 * Issue 32 (docs/decisions/051): releases; workflows written over `/v1/workflows` — the seeded
 * table, which requests name, gains its category, justification, service, start, release and the
 * status, completion and impact its tasks give it (a workflow seeded `being_created` is
 * `registered`); and the tasks of workflows, with their predecessors and approvers, and the
 * approvers' decisions; and a problem's `waiting_until`, when one waiting_for returns to assigned.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('problems', (t) => {
    t.timestamp('waiting_until', { useTz: true }).nullable();
  });
  await knex.schema.createTable('releases', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 255).notNullable();
    t.integer('manager_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.string('status', 16).notNullable().defaultTo('registered');
    t.string('impact', 16).nullable();
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['account_id', 'status']);
    t.unique(['id', 'account_id'], { indexName: 'releases_id_account_id_unique' });
    t.check(`status in ${PLAN}`, [], 'releases_status');
    t.check(`impact in ${IMPACT}`, [], 'releases_impact');
  });
  await knex('workflows').where({ status: 'being_created' }).update({ status: 'registered' });
  await knex.schema.alterTable('workflows', (t) => {
    t.string('subject', 255).notNullable().alter();
    t.string('status', 16).notNullable().defaultTo('registered').alter();
    t.string('category', 16).nullable();
    t.string('justification', 16).nullable();
    t.integer('service_id').nullable();
    t.timestamp('start_at', { useTz: true }).nullable();
    t.integer('release_id').nullable();
    t.string('completion_reason', 16).nullable();
    t.string('impact', 16).nullable();
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.index(['account_id', 'status']);
    t.index(['release_id']);
    t.unique(['id', 'account_id'], { indexName: 'workflows_id_account_id_unique' });
    t.check(`status in ${PLAN}`, [], 'workflows_status');
    t.check(`impact in ${IMPACT}`, [], 'workflows_impact');
    t.check("category in ('standard', 'non_standard', 'emergency', 'order')", [], 'workflows_category');
  });
  // The service and the release are of the workflow's account, whichever way the row is written.
  await knex.raw(`alter table workflows add constraint workflows_service_fk foreign key (account_id, service_id)
    references services (account_id, id) on delete set null (service_id)`);
  await knex.raw(`alter table workflows add constraint workflows_release_fk foreign key (release_id, account_id)
    references releases (id, account_id) on delete set null (release_id)`);
  await knex.schema.createTable('tasks', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('workflow_id').notNullable();
    t.string('subject', 255).notNullable();
    t.string('category', 16).notNullable();
    t.integer('planned_duration').notNullable();
    t.string('status', 24).notNullable().defaultTo('registered');
    t.string('impact', 16).notNullable().defaultTo('none');
    t.integer('team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.integer('member_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.integer('required_approvals').notNullable().defaultTo(1);
    t.timestamp('waiting_until', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['workflow_id']);
    t.index(['account_id', 'status']);
    t.unique(['id', 'account_id'], { indexName: 'tasks_id_account_id_unique' });
    t.foreign(['workflow_id', 'account_id'], 'tasks_workflow_foreign').references(['id', 'account_id']).inTable('workflows').onDelete('CASCADE');
    t.check(`status in (${TASK_STATUSES.map((status) => `'${status}'`).join(', ')})`, [], 'tasks_status');
    t.check(`impact in ${IMPACT}`, [], 'tasks_impact');
    t.check("category in ('risk_and_impact', 'approval', 'implementation', 'automation')", [], 'tasks_category');
  });
  // Links of a task are of its account (as contract_cis, migration 41).
  for (const [table, other, target] of [['task_predecessors', 'predecessor_id', 'tasks'], ['task_approvers', 'approver_id', 'people']] as const) {
    await knex.schema.createTable(table, (t) => {
      t.integer('task_id').notNullable();
      t.integer(other).notNullable().references('id').inTable(target).onDelete('CASCADE');
      t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
      t.primary(['task_id', other]);
      t.foreign(['task_id', 'account_id'], `${table}_owner_account_foreign`).references(['id', 'account_id']).inTable('tasks').onDelete('CASCADE').onUpdate('CASCADE');
      t.index([other], `${table}_other`);
    });
  }
  // An approver's decision on an approval task; counted while the person is one of its approvers.
  await knex.schema.createTable('task_approvals', (t) => {
    t.integer('task_id').notNullable();
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('approver_id').notNullable().references('id').inTable('people').onDelete('CASCADE');
    t.string('status', 16).notNullable();
    t.timestamp('decided_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['task_id', 'approver_id']);
    t.foreign(['task_id', 'account_id'], 'task_approvals_task_foreign').references(['id', 'account_id']).inTable('tasks').onDelete('CASCADE');
    t.check("status in ('approved', 'rejected')", [], 'task_approvals_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['task_approvals', 'task_approvers', 'task_predecessors', 'tasks']) await knex.schema.dropTable(table);
  await knex.raw('alter table workflows drop constraint workflows_release_fk, drop constraint workflows_service_fk');
  await knex.schema.alterTable('workflows', (t) => {
    t.dropChecks(['workflows_status', 'workflows_impact', 'workflows_category']);
    t.dropUnique(['id', 'account_id'], 'workflows_id_account_id_unique');
    t.dropIndex(['account_id', 'status']);
    t.dropIndex(['release_id']);
    t.dropColumns('category', 'justification', 'service_id', 'start_at', 'release_id', 'completion_reason', 'impact', 'completed_at');
    t.string('status', 32).notNullable().defaultTo('being_created').alter();
    t.string('subject', 190).notNullable().alter();
  });
  await knex.schema.dropTable('releases');
  await knex.schema.alterTable('problems', (t) => {
    t.dropColumn('waiting_until');
  });
}
