import type { Knex } from 'knex';

/**
 * Issue 34 item 5 (decision 052): ordered webhooks.
 *
 * - `webhooks.ordered` (default false): its deliveries are sent one at a time in event commit order.
 * - `webhook_deliveries.event_seq`: the event's place in commit order, the id of the queue job
 *   its change's transaction wrote (null for deliveries written before, and for test deliveries).
 * - `webhook_delivery_queue.ordered_seq`: the same number on the queue row of an ordered webhook's
 *   delivery, null for every other row. The claim takes such rows only as the head of their
 *   webhook (lowest `ordered_seq`), through `webhook_delivery_queue_ordered`.
 * - The claim's due index leaves the ordered rows out, so an ordered webhook's backlog costs the
 *   claim of the other webhooks nothing (same name: the plan the claim fixes is unchanged).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table webhooks add column ordered boolean not null default false');
  await knex.raw('alter table webhook_deliveries add column event_seq bigint');
  await knex.raw('alter table webhook_delivery_queue add column ordered_seq bigint');
  await knex.raw('create index webhook_delivery_queue_ordered on webhook_delivery_queue (webhook_id, ordered_seq, delivery_id) where ordered_seq is not null');
  await knex.raw('drop index webhook_delivery_queue_due');
  await knex.raw('create index webhook_delivery_queue_due on webhook_delivery_queue (due_at) where ordered_seq is null');
  await knex.raw('create index webhooks_ordered on webhooks (id) where ordered');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index webhooks_ordered');
  await knex.raw('drop index webhook_delivery_queue_due');
  await knex.raw('create index webhook_delivery_queue_due on webhook_delivery_queue (due_at)');
  await knex.raw('drop index webhook_delivery_queue_ordered');
  await knex.raw('alter table webhook_delivery_queue drop column ordered_seq');
  await knex.raw('alter table webhook_deliveries drop column event_seq');
  await knex.raw('alter table webhooks drop column ordered');
}
