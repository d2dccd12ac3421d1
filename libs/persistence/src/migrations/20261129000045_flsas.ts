import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/042): first line support agreements written over `/v1/flsas` — the
 * seeded table, which says which service desk team takes a customer account's requests, gains
 * the customer and provider organizations of the same account (required of a new agreement; the
 * rows before have neither), the customer's representative (a person of the account or its
 * directory account, docs/decisions/041), the status (being prepared by default), the start, notice
 * and expiry dates and the time zone; the customer account and the service desk team are no longer
 * required.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('first_line_support_agreements', (t) => {
    t.string('customer_account_id', 63).nullable().alter();
    t.integer('service_desk_team_id').nullable().alter();
    t.integer('customer_id').nullable();
    t.integer('provider_id').nullable();
    t.string('status', 32).notNullable().defaultTo('being_prepared');
    t.date('start_date').nullable();
    t.date('notice_date').nullable();
    t.date('expiry_date').nullable();
    t.integer('customer_rep_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.string('time_zone', 64).nullable();
    t.index(['account_id', 'name']);
    t.check("status in ('being_prepared', 'scheduled_for_activation', 'active', 'expired')", [], 'first_line_support_agreements_status');
    t.check('expiry_date >= start_date', [], 'first_line_support_agreements_expiry_not_before_start');
  });
  // The customer and the provider are of the agreement's account, whichever way the row is written.
  for (const side of ['customer', 'provider']) {
    await knex.raw(`alter table first_line_support_agreements add constraint first_line_support_agreements_${side}_fk foreign key (account_id, ${side}_id)
      references organizations (account_id, id) on delete set null (${side}_id)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  // The agreements written since name no customer account or team: they cannot go back.
  await knex('first_line_support_agreements').whereNull('customer_account_id').orWhereNull('service_desk_team_id').delete();
  await knex.schema.alterTable('first_line_support_agreements', (t) => {
    t.dropChecks(['first_line_support_agreements_status', 'first_line_support_agreements_expiry_not_before_start']);
    t.dropForeign(['account_id', 'customer_id'], 'first_line_support_agreements_customer_fk');
    t.dropForeign(['account_id', 'provider_id'], 'first_line_support_agreements_provider_fk');
    t.dropIndex(['account_id', 'name']);
    t.dropColumns('customer_id', 'provider_id', 'status', 'start_date', 'notice_date', 'expiry_date', 'customer_rep_id', 'time_zone');
    t.string('customer_account_id', 63).notNullable().alter();
    t.integer('service_desk_team_id').notNullable().alter();
  });
}
