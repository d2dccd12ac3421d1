import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/041): out-of-office periods written over `/v1/out_of_office_periods` —
 * the person who is away and the person who approves in their place (each of the account or its
 * directory account), the start, the end (never before the start) and the reason.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('out_of_office_periods', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('person_id').notNullable().references('id').inTable('people').onDelete('CASCADE');
    t.timestamp('start_at', { useTz: true }).notNullable();
    t.timestamp('end_at', { useTz: true }).notNullable();
    t.string('reason', 80).nullable();
    t.integer('approval_delegate_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['account_id', 'person_id', 'start_at']);
    t.check('end_at >= start_at', [], 'out_of_office_periods_end_after_start');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('out_of_office_periods');
}
