/**
 * Deliveries as specs look at them since the queue rows are apart from the log and messages are
 * stored once per event (decision 047): each delivery with its whole message and its state as the API shows it (decision 060), and the lease its queue row holds (`lease_token`, `leased_by`, and
 * `lease_expires_at`, the due time of a leased queue row), null when it has none or no queue
 * row. Queried like the table: `deliveryRows(db).where({ webhook_id })`.
 */
import { deliveryIdTime } from '@tessera/domain';
import type { Database } from '../database.js';
import { messageText } from '../webhook-deliveries/delivery-message.js';
import { DELIVERY_LOG } from '../webhook-deliveries/delivery-state.js';

export function deliveryRows(db: Database) {
  return db.from(
    db.raw(`(select d.id, d.account_id, d.webhook_id, d.event, d.test, (${messageText('d')})::json as message, d.status, d.paused_reason, d.attempts,
                    d.next_attempt_at, d.event_at, d.created_at, d.delivered_at, d.event_seq,
                    q.lease_token, q.leased_by, case when q.lease_token is not null then q.due_at end as lease_expires_at
               from ${DELIVERY_LOG} d left join webhook_delivery_queue q on q.delivery_id = d.id) as webhook_deliveries`),
  );
}

/**
 * Delivery rows written straight into the log, as the fan-out would: a pending one gets its queue row, due at its next attempt.
 * The row's partition key (decision 057) is the time its id carries, or for an id carrying none its `created_at`, or now.
 */
export async function insertDeliveryRows(db: Database, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  // A time of JavaScript's precision (the millisecond), which the queue row gets back exactly.
  const withTime = rows.map((row) => ({ ...row, id_time: row['id_time'] ?? deliveryIdTime(row['id'] as string) ?? row['created_at'] ?? new Date() }));
  const inserted: Array<{ id: string; id_time: Date; account_id: string; webhook_id: number; status: string; next_attempt_at: Date | null }> = await db('webhook_deliveries')
    .insert(withTime)
    .returning(['id', 'id_time', 'account_id', 'webhook_id', 'status', 'next_attempt_at']);
  const queued = inserted
    .filter((row) => row.status === 'pending')
    .map((row) => ({ delivery_id: row.id, delivery_id_time: row.id_time, account_id: row.account_id, webhook_id: row.webhook_id, due_at: row.next_attempt_at ?? db.fn.now() }));
  if (queued.length > 0) await db('webhook_delivery_queue').insert(queued);
}

/** The lease columns of the deliveries `ids` set as a spec needs them (on their queue rows). */
export async function setLeases(
  db: Database,
  ids: readonly string[] | null,
  lease: { lease_token?: string | null; lease_expires_at?: unknown; leased_by?: string | null },
): Promise<void> {
  const fields: Record<string, unknown> = {};
  if ('lease_token' in lease) fields['lease_token'] = lease.lease_token;
  if ('leased_by' in lease) fields['leased_by'] = lease.leased_by;
  // A lease's end is its queue row's due time; a lease cleared leaves the row due now.
  if ('lease_expires_at' in lease) fields['due_at'] = lease.lease_expires_at ?? db.fn.now();
  const query = db('webhook_delivery_queue');
  if (ids !== null) query.whereIn('delivery_id', [...ids]);
  await query.update(fields);
}
