import type { Knex } from 'knex';

/**
 * Issue 30 item 2: a worker process whose heartbeat is stale is dead to its peers, which free its
 * jobs (decision 017) and now also its delivery leases. Its runners' rows name the id its leases
 * carry (`webhook_deliveries.leased_by`); a process that delivers nothing leaves it null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('worker_processes', (t) => {
    t.text('lease_holder').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('worker_processes', (t) => {
    t.dropColumn('lease_holder');
  });
}
