import type { Knex } from 'knex';

/** The projects a risk concerns (../shared/RECORDS.md §7, `/risks/:id/projects`), a list in the risk's order as its organizations and services (migration 58). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('risk_projects', (t) => {
    t.integer('risk_id').notNullable();
    t.integer('project_id').notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.primary(['risk_id', 'project_id']);
    t.unique(['risk_id', 'position']);
    t.foreign(['risk_id', 'account_id'], 'risk_projects_owner_account_foreign').references(['id', 'account_id']).inTable('risks').onDelete('CASCADE').onUpdate('CASCADE');
    t.index(['account_id', 'project_id'], 'risk_projects_account');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('risk_projects');
}
