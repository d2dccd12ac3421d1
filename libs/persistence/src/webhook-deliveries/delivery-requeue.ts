/**
 * Redelivery writes (decisions 024 and 047): a fresh series, due now, its queue
 * row, and a wake-up for the dispatchers at commit. A lease in flight is left alone: its holder
 * records its attempt first, and the series starts after it.
 */
import type { DeliveryProgress, RedeliveryRange } from '@tessera/domain';
import type { Database } from '../database.js';
import { createdWith } from './delivery-message.js';
import { notifyDispatchers } from './delivery-wakeups.js';

const FRESH_SERIES = "status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null, paused_reason = null";

/**
 * The queue rows of the deliveries `fresh` returns (id, account_id, webhook_id), due now
 * (decision 047); an ordered webhook's row takes its event's place in commit order (decision 052), so
 * a redelivered series goes out in the order of its events. A new queue row carries the count of the attempts logged (decision
 * 060), read here once so that no outcome searches for its attempt's number; a row still queued keeps the count it carries.
 * A row with a live lease keeps its due time: its holder's outcome finds the fresh
 * series and keeps it due now. An expired lease keeps its token, so a late outcome of its holder is
 * still recorded, until a claim takes the row again. A row with a lease, live or expired, is marked
 * `touched`: its holder's outcome is then decided on the fresh series in a transaction, never by the
 * outcome batch that would end the delivery by deleting the row (decision 060).
 */
const QUEUED = `queued as (
       insert into webhook_delivery_queue as q (delivery_id, delivery_id_time, account_id, webhook_id, ordered_seq, due_at, logged_attempts)
       select f.id, f.id_time, f.account_id, f.webhook_id, case when w.ordered then f.event_seq end, now(),
              coalesce((select max(a.attempt) from webhook_delivery_attempts a where a.delivery_id = f.id and a.delivery_id_time = f.id_time), 0)
         from fresh f join webhooks w on w.id = f.webhook_id
       on conflict (delivery_id) do update
          set due_at = case when q.lease_token is null or q.due_at <= now() then now() else q.due_at end,
              touched = q.lease_token is not null
     )`;

export async function requeueDelivery(db: Database, account: string, deliveryId: string): Promise<DeliveryProgress> {
  const { rows } = await db.raw<{ rows: DeliveryProgress[] }>(
    `with fresh as (
       update webhook_deliveries set ${FRESH_SERIES} where account_id = ? and id = ? and ${createdWith('id_time', '?::uuid')}
       returning id, id_time, account_id, webhook_id, event_seq, status, attempts, next_attempt_at, delivered_at
     ), ${QUEUED}
     select status, attempts, next_attempt_at, delivered_at from fresh`,
    [account, deliveryId, deliveryId, deliveryId],
  );
  await notifyDispatchers(db);
  return rows[0]!;
}

export async function requeueRange(db: Database, account: string, webhookId: number, range: RedeliveryRange, limit: number): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ n: number }> }>(
    `with fresh as (
       update webhook_deliveries set ${FRESH_SERIES}
        where (id, id_time) in (
          -- A delivery's id time is its event's millisecond (its creation before decision 057), never before it, so
          -- the partitions of the log before the range are not read.
          select id, id_time from webhook_deliveries
           where account_id = ? and webhook_id = ? and not test and status = any(?::text[])
             and event_at >= ? and id_time >= date_trunc('milliseconds', ?::timestamptz) and (?::timestamptz is null or event_at < ?::timestamptz)
           order by event_at, id
           limit ?
           for update)
       returning id, id_time, account_id, webhook_id, event_seq
     ), ${QUEUED}
     select count(*)::int as n from fresh`,
    [account, webhookId, [...range.statuses], range.from, range.from, range.to, range.to, limit],
  );
  const queued = rows[0]?.n ?? 0;
  if (queued > 0) await notifyDispatchers(db);
  return queued;
}
