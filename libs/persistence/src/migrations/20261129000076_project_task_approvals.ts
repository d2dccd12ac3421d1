import type { Knex } from 'knex';

/** The decisions of the people an approval project task is assigned to (docs/decisions/051), as `task_approvals` keeps a workflow's. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_task_approvals', (t) => {
    t.integer('project_task_id').notNullable();
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('approver_id').notNullable().references('id').inTable('people').onDelete('CASCADE');
    t.string('status', 16).notNullable();
    t.timestamp('decided_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['project_task_id', 'approver_id']);
    t.foreign(['project_task_id', 'account_id'], 'project_task_approvals_task_foreign').references(['id', 'account_id']).inTable('project_tasks').onDelete('CASCADE');
    t.check("status in ('approved', 'rejected')", [], 'project_task_approvals_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('project_task_approvals');
}
