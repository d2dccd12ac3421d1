/**
 * A delivery as the API shows it (decision 060). The common outcome (delivered, or a test
 * delivery ended) deletes the queue row and appends the attempt, and writes nothing to the log
 * row, which stays as the fan-out or the last redelivery left it: `pending`. Such a row — pending,
 * with no queue row — ended with its last attempt: `delivered` when that attempt has no error
 * (its answer's end is `delivered_at`), `failed` otherwise; it counts one attempt more than the row
 * does, and has no next attempt. Every other row shows what it holds: a pending delivery has its
 * queue row, and a retry, a failure that counts or a pause writes the row itself.
 */

/**
 * SQL: the log's rows with their state as shown, as a table named `webhook_deliveries` (every column
 * of the log, `status`, `attempts`, `next_attempt_at` and `delivered_at` derived). A filter on the
 * log's own columns (account, webhook, id and its time) reaches the log's indexes and partitions
 * through it; the last attempt is read only for a row that is pending without a queue row.
 */
export const DELIVERY_LOG = `(select d.id, d.id_time, d.account_id, d.webhook_id, d.event, d.test, d.message, d.message_head, d.event_message_id,
            d.event_at, d.created_at, d.event_seq, d.paused_reason,
            coalesce(f.status, d.status) as status,
            d.attempts + (f.status is not null)::int as attempts,
            case when f.status is null then d.next_attempt_at end as next_attempt_at,
            coalesce(f.delivered_at, d.delivered_at) as delivered_at
       from webhook_deliveries d
       left join lateral (
         select case when a.error is null then 'delivered' else 'failed' end as status,
                case when a.error is null then a.started_at + make_interval(secs => a.duration_ms / 1000.0) end as delivered_at
           from webhook_delivery_attempts a
          where d.status = 'pending' and not exists (select 1 from webhook_delivery_queue q where q.delivery_id = d.id)
            and a.delivery_id = d.id and a.delivery_id_time = d.id_time
          order by a.attempt desc
          limit 1
       ) f on true)`;
