import type { Knex } from 'knex';

const PLAN = "('registered', 'in_progress', 'progress_halted', 'completed')";
const STATUSES = ['registered', 'assigned', 'accepted', 'in_progress', 'waiting_for', 'failed', 'rejected', 'completed', 'approved', 'canceled'];
const JUSTIFICATIONS = ['compliance', 'correction', 'expansion', 'improvement', 'maintenance', 'move', 'removal', 'replacement'];
const COMPLETION_REASONS = ['withdrawn', 'rejected', 'abandoned', 'partial', 'complete'];
const within = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(', ')})`;

/**
 * Issue 32 (docs/decisions/050): projects written over `/v1/projects` — the seeded table, which
 * requests name, gains its service, customer, manager, justification, program, time zone and the
 * status and completion its project tasks give it (a project seeded before is `registered`, its
 * required references null until written, as migration 70 does for workflows); and the tasks of
 * projects, with their predecessors and the people they are assigned to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('projects', (t) => {
    t.string('subject', 255).notNullable().alter();
    t.integer('service_id').nullable();
    t.integer('customer_id').nullable();
    t.integer('manager_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.string('justification', 16).nullable();
    t.string('program', 80).nullable();
    t.string('time_zone', 64).nullable();
    t.string('status', 16).notNullable().defaultTo('registered');
    t.string('completion_reason', 16).nullable();
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.index(['account_id', 'status']);
    t.unique(['id', 'account_id'], { indexName: 'projects_id_account_id_unique' });
    t.check(`status in ${PLAN}`, [], 'projects_status');
    t.check(`justification in ${within(JUSTIFICATIONS)}`, [], 'projects_justification');
    t.check(`completion_reason in ${within(COMPLETION_REASONS)}`, [], 'projects_completion_reason');
  });
  // The service and the customer are of the project's account, whichever way the row is written.
  await knex.raw(`alter table projects add constraint projects_service_fk foreign key (account_id, service_id)
    references services (account_id, id) on delete set null (service_id)`);
  await knex.raw(`alter table projects add constraint projects_customer_fk foreign key (account_id, customer_id)
    references organizations (account_id, id) on delete set null (customer_id)`);
  await knex.schema.createTable('project_tasks', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('project_id').notNullable();
    t.string('subject', 255).notNullable();
    t.string('category', 16).notNullable();
    t.integer('planned_duration').notNullable();
    t.string('status', 24).notNullable().defaultTo('registered');
    t.integer('team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.timestamp('deadline', { useTz: true }).nullable();
    t.integer('required_approvals').notNullable().defaultTo(1);
    t.timestamp('waiting_until', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['project_id']);
    t.index(['account_id', 'status']);
    t.unique(['id', 'account_id'], { indexName: 'project_tasks_id_account_id_unique' });
    t.foreign(['project_id', 'account_id'], 'project_tasks_project_foreign').references(['id', 'account_id']).inTable('projects').onDelete('CASCADE');
    t.check(`status in ${within(STATUSES)}`, [], 'project_tasks_status');
    t.check("category in ('activity', 'approval', 'milestone')", [], 'project_tasks_category');
  });
  // Links of a project task are of its account (as task_predecessors, migration 70).
  for (const [table, other, target] of [['project_task_predecessors', 'predecessor_id', 'project_tasks'], ['project_task_assignments', 'person_id', 'people']] as const) {
    await knex.schema.createTable(table, (t) => {
      t.integer('project_task_id').notNullable();
      t.integer(other).notNullable().references('id').inTable(target).onDelete('CASCADE');
      t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
      t.primary(['project_task_id', other]);
      t.foreign(['project_task_id', 'account_id'], `${table}_owner_account_foreign`).references(['id', 'account_id']).inTable('project_tasks').onDelete('CASCADE').onUpdate('CASCADE');
      t.index([other], `${table}_other`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['project_task_assignments', 'project_task_predecessors', 'project_tasks']) await knex.schema.dropTable(table);
  await knex.raw('alter table projects drop constraint projects_customer_fk, drop constraint projects_service_fk');
  await knex.schema.alterTable('projects', (t) => {
    t.dropChecks(['projects_status', 'projects_justification', 'projects_completion_reason']);
    t.dropUnique(['id', 'account_id'], 'projects_id_account_id_unique');
    t.dropIndex(['account_id', 'status']);
    t.dropForeign(['manager_id']);
    t.dropColumns('service_id', 'customer_id', 'manager_id', 'justification', 'program', 'time_zone', 'status', 'completion_reason', 'completed_at');
    t.string('subject', 190).notNullable().alter();
  });
}
