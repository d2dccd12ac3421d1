import type { Knex } from 'knex';

/**
 * Issue 22 item 2: teams become writable (`/v1/teams`, `teamCreate`/`teamUpdate`) with a
 * manager (a person, cleared when that person is deleted) and a disabled flag.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('teams', (t) => {
    t.integer('manager_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.boolean('disabled').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('teams', (t) => {
    t.dropColumn('disabled');
    t.dropColumn('manager_id');
  });
}
