import type { Knex } from 'knex';

/**
 * Issue 19: deliveries are claimed with a lease instead of a transaction held over the network
 * (decision 024), and a disabled webhook's deliveries are paused, not failed (decision 016, amended).
 *
 * - `lease_token`, `lease_expires_at`, `leased_by`: set by the claim; an outcome is recorded only
 *   while the token is still the one the claim set (compare-and-set). An expired lease is free.
 * - `paused`: kept, not sent, because the webhook is disabled; `paused_reason` says why.
 *   `POST /v1/webhooks/:id/redeliver` queues them again.
 * - `next_attempt_at` is set on every pending delivery (new ones are due at once), so one partial
 *   index finds the due ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.uuid('lease_token').nullable();
    t.timestamp('lease_expires_at', { useTz: true }).nullable();
    t.string('leased_by', 200).nullable();
    t.text('paused_reason').nullable();
  });
  await knex.raw('alter table webhook_deliveries drop constraint webhook_deliveries_status_check');
  await knex.raw(`alter table webhook_deliveries add constraint webhook_deliveries_status_check
    check (status in ('pending','delivered','failed','paused'))`);
  await knex.raw(`alter table webhook_deliveries add constraint webhook_deliveries_paused_reason_check
    check ((status = 'paused') = (paused_reason is not null))`);
  await knex.raw("update webhook_deliveries set next_attempt_at = coalesce(next_attempt_at, created_at) where status = 'pending'");
  await knex.raw('alter table webhook_deliveries alter column next_attempt_at set default now()');
  await knex.raw(`alter table webhook_deliveries add constraint webhook_deliveries_pending_due_check
    check (status <> 'pending' or next_attempt_at is not null)`);
  // The claim: due pending deliveries, oldest due first.
  await knex.raw("create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'");
  // Redelivery by range and the per-webhook count of leases in flight.
  await knex.raw('create index webhook_deliveries_by_event_time on webhook_deliveries (webhook_id, event_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index webhook_deliveries_by_event_time');
  await knex.raw('drop index webhook_deliveries_due');
  await knex.raw('alter table webhook_deliveries drop constraint webhook_deliveries_pending_due_check');
  await knex.raw('alter table webhook_deliveries alter column next_attempt_at drop default');
  await knex.raw('alter table webhook_deliveries drop constraint webhook_deliveries_paused_reason_check');
  // A paused delivery was not sent: before leases and pauses it would have failed at its next attempt.
  await knex.raw("update webhook_deliveries set status = 'failed' where status = 'paused'");
  await knex.raw('alter table webhook_deliveries drop constraint webhook_deliveries_status_check');
  await knex.raw(`alter table webhook_deliveries add constraint webhook_deliveries_status_check
    check (status in ('pending','delivered','failed'))`);
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropColumn('paused_reason');
    t.dropColumn('leased_by');
    t.dropColumn('lease_expires_at');
    t.dropColumn('lease_token');
  });
}
