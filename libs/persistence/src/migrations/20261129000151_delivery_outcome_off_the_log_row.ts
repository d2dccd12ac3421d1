import type { Knex } from 'knex';

/**
 * Issue 34 (decision 060, step 2): the common outcome writes nothing to the delivery's log row. A
 * delivery finished by the one-statement outcome batch (delivered, or a test delivery ended) only
 * loses its queue row and gains its attempt; its log row is left as the fan-out or the last
 * redelivery wrote it (`pending`), and what the API shows is derived (delivery-state.ts): a
 * `pending` row with no queue row ended with its last attempt — delivered when that attempt has
 * no error, failed otherwise; one attempt more than the row counts; delivered when that attempt
 * ended. Every other outcome (a retry, a failure that counts, a pause) still writes the row.
 *
 * The queue row becomes what that batch checks and writes, so it gets:
 * - `delivery_id_time`: its delivery's partition key, for the attempt's row (and a week's
 *   retention, which looks for pending deliveries in the queue, not in the log);
 * - `touched`: set by a redelivery or a pause while the row carries a lease (and cleared by each
 *   claim): the holder's outcome then goes through the transaction, decided on the row as it is,
 *   as the batch's compare-and-set on the log row did before.
 *
 * Down writes the derived state into the log rows it concerns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_delivery_queue add column delivery_id_time timestamptz');
  await knex.raw('alter table webhook_delivery_queue add column touched boolean not null default false');
  await knex.raw(`update webhook_delivery_queue q set delivery_id_time = d.id_time
    from webhook_deliveries d where d.id = q.delivery_id`);
  // A queue row without its delivery (none should exist; a spec's leftovers) has nothing to send.
  await knex.raw('delete from webhook_delivery_queue where delivery_id_time is null');
  await knex.raw('alter table webhook_delivery_queue alter column delivery_id_time set not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update webhook_deliveries d
       set status = case when f.error is null then 'delivered' else 'failed' end, attempts = d.attempts + 1, next_attempt_at = null,
           delivered_at = case when f.error is null then f.ended_at end
      from (select distinct on (a.delivery_id, a.delivery_id_time) a.delivery_id, a.delivery_id_time, a.error,
                   a.started_at + make_interval(secs => a.duration_ms / 1000.0) as ended_at
              from webhook_delivery_attempts a
             order by a.delivery_id, a.delivery_id_time, a.attempt desc) f
     where d.status = 'pending' and f.delivery_id = d.id and f.delivery_id_time = d.id_time
       and not exists (select 1 from webhook_delivery_queue q where q.delivery_id = d.id)`);
  await knex.raw('alter table webhook_delivery_queue drop column touched');
  await knex.raw('alter table webhook_delivery_queue drop column delivery_id_time');
}
