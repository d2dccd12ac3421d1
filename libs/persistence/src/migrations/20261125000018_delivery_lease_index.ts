import type { Knex } from 'knex';

/**
 * Issue 19 (decision 024): the claim counts the live leases of each webhook it
 * takes deliveries of (the per-webhook cap across processes). Leased rows are
 * few at any time (those in flight), so a partial index on them keeps that
 * count from reading a webhook's whole history.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index webhook_deliveries_leased on webhook_deliveries (webhook_id) where lease_token is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index webhook_deliveries_leased');
}
