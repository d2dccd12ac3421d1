import type { Knex } from 'knex';

/**
 * Issue 34 items 1–2 (decision 047): the hot path apart from the history. A pending delivery has
 * one narrow row in `webhook_delivery_queue` (its id, account, webhook, due time, lease), claimed
 * in batches and deleted when the delivery is delivered, failed or paused; `webhook_deliveries`
 * keeps what the API shows (status, attempts, next attempt, pause reason) and is no longer written
 * at claim time, and loses its lease columns and the two partial indexes the claim used.
 *
 * - `due_at`: when the delivery is due; while leased, when the lease ends (an expired lease is
 *   due again, with no column of its own). `lease_token` stays on an expired lease until the next
 *   claim replaces it, so the old holder's outcome still finds it.
 * - Every pending delivery gets its queue row with its lease as it stands; a paused, delivered or
 *   failed one gets none. Down puts the leases back on the deliveries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table webhook_delivery_queue (
    delivery_id uuid primary key references webhook_deliveries (id) on delete cascade,
    account_id varchar(63) not null,
    webhook_id integer not null,
    due_at timestamptz not null,
    lease_token uuid,
    leased_by text
  ) with (fillfactor = 70)`);
  await knex.raw(`insert into webhook_delivery_queue (delivery_id, account_id, webhook_id, due_at, lease_token, leased_by)
    select id, account_id, webhook_id,
           case when lease_token is not null then coalesce(lease_expires_at, next_attempt_at) else next_attempt_at end,
           lease_token, leased_by
      from webhook_deliveries where status = 'pending'`);
  // The claim: due rows, oldest first; a live lease's row is due at its lease's end.
  await knex.raw('create index webhook_delivery_queue_due on webhook_delivery_queue (due_at)');
  // The per-webhook cap counts leases; few rows are leased at any time.
  await knex.raw('create index webhook_delivery_queue_leased on webhook_delivery_queue (webhook_id) where lease_token is not null');
  await knex.raw('drop index webhook_deliveries_leased');
  await knex.raw('drop index webhook_deliveries_due');
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropColumn('lease_token');
    t.dropColumn('lease_expires_at');
    t.dropColumn('leased_by');
  });
  // Status, attempts and the next due time are updated in place: room on the page keeps those updates HOT.
  await knex.raw('alter table webhook_deliveries set (fillfactor = 80)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_deliveries reset (fillfactor)');
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.uuid('lease_token').nullable();
    t.timestamp('lease_expires_at', { useTz: true }).nullable();
    t.string('leased_by', 200).nullable();
  });
  await knex.raw(`update webhook_deliveries d set lease_token = q.lease_token, lease_expires_at = q.due_at, leased_by = q.leased_by
    from webhook_delivery_queue q where q.delivery_id = d.id and q.lease_token is not null`);
  await knex.raw("create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'");
  await knex.raw('create index webhook_deliveries_leased on webhook_deliveries (webhook_id) where lease_token is not null');
  await knex.schema.dropTable('webhook_delivery_queue');
}
