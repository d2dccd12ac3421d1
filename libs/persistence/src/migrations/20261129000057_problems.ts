import type { Knex } from 'knex';

const STATUSES = ['assigned', 'declined', 'accepted', 'in_progress', 'waiting_for', 'analyzed', 'change_requested', 'workflow_pending', 'on_backlog', 'project_pending', 'progress_halted', 'solved'];

/**
 * Issue 32 (docs/decisions/046): problems written over `/v1/problems` — the seeded table, which
 * requests name, gains the service (required of a new problem; the rows before have none), the
 * impact, the manager, team and member, the status (assigned by default) with the moment it was
 * solved, the category, whether it is a known error and its workaround; its subject may be as long
 * as the platform's, 255 characters.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('problems', (t) => {
    t.string('subject', 255).notNullable().alter();
    t.integer('service_id').nullable();
    t.string('impact', 16).notNullable().defaultTo('none');
    t.integer('manager_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.integer('team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.integer('member_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.string('status', 32).notNullable().defaultTo('assigned').alter();
    t.timestamp('solved_at', { useTz: true }).nullable();
    t.string('category', 16).notNullable().defaultTo('reactive');
    t.boolean('known_error').notNullable().defaultTo(false);
    t.text('workaround').nullable();
    t.index(['account_id', 'status']);
    t.check(`status in (${STATUSES.map((status) => `'${status}'`).join(', ')})`, [], 'problems_status');
    t.check("impact in ('none', 'low', 'medium', 'high', 'top')", [], 'problems_impact');
    t.check("category in ('reactive', 'proactive')", [], 'problems_category');
  });
  // The service is of the problem's account, whichever way the row is written.
  await knex.raw(`alter table problems add constraint problems_service_fk foreign key (account_id, service_id)
    references services (account_id, id) on delete set null (service_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('problems', (t) => {
    t.dropChecks(['problems_status', 'problems_impact', 'problems_category']);
    t.dropForeign(['account_id', 'service_id'], 'problems_service_fk');
    t.dropIndex(['account_id', 'status']);
    t.dropColumns('service_id', 'impact', 'manager_id', 'team_id', 'member_id', 'solved_at', 'category', 'known_error', 'workaround');
    t.string('status', 32).notNullable().defaultTo('progress_halted').alter();
    t.string('subject', 190).notNullable().alter();
  });
}
