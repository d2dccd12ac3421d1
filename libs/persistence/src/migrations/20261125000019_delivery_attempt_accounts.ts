import type { Knex } from 'knex';

/**
 * Issue 21 item 7 (ARCHITECTURE.md "Data": every tenant table carries its account):
 * `webhook_delivery_attempts` gains `account_id`, filled from its delivery, and every read of
 * attempts filters on it. New attempts take it from their delivery row in the same statement.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_delivery_attempts', (t) => {
    t.string('account_id', 63).nullable().references('id').inTable('accounts').onDelete('CASCADE');
  });
  await knex.raw('update webhook_delivery_attempts a set account_id = d.account_id from webhook_deliveries d where d.id = a.delivery_id');
  await knex.raw('alter table webhook_delivery_attempts alter column account_id set not null');
  await knex.raw('create index webhook_delivery_attempts_account on webhook_delivery_attempts (account_id, delivery_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_delivery_attempts', (t) => {
    t.dropIndex([], 'webhook_delivery_attempts_account');
    t.dropColumn('account_id');
  });
}
