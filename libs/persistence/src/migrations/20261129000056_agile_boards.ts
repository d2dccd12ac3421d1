import type { Knex } from 'knex';

/**
 * Issue 32 item 4 (docs/decisions/045): agile boards of an account with their ordered columns,
 * and a request's place on one. A column is a row of its own so that it keeps its id while
 * the board is edited; a request's column is of its board (the domain checks it, and the
 * composite reference makes the database refuse any other).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('agile_boards', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 80).notNullable();
    t.timestamps(true, true);
    t.index(['account_id', 'id']);
  });
  await knex.schema.createTable('agile_board_columns', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('agile_board_id').notNullable().references('id').inTable('agile_boards').onDelete('CASCADE');
    t.string('name', 80).notNullable();
    t.integer('position').notNullable();
    t.unique(['agile_board_id', 'id']);
    t.index(['agile_board_id', 'position']);
  });
  await knex.schema.alterTable('requests', (t) => {
    t.integer('agile_board_id').nullable().references('id').inTable('agile_boards').onDelete('SET NULL');
    t.integer('agile_board_column_id').nullable().references('id').inTable('agile_board_columns').onDelete('SET NULL');
    t.foreign(['agile_board_id', 'agile_board_column_id'], 'requests_column_of_board').references(['agile_board_id', 'id']).inTable('agile_board_columns');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('requests', (t) => {
    t.dropForeign(['agile_board_id', 'agile_board_column_id'], 'requests_column_of_board');
    t.dropColumn('agile_board_column_id');
    t.dropColumn('agile_board_id');
  });
  await knex.schema.dropTable('agile_board_columns');
  await knex.schema.dropTable('agile_boards');
}
