/** The attempt log of deliveries: all of one, or the count and last attempt of a page of them. */
import { deliveryIdTime, type AccountId, type DeliveryAttemptRecord, type DeliverySummary, type WebhookDeliveryRecord } from '@tessera/domain';
import type { Database } from '../database.js';
import { createdWith } from './delivery-message.js';

const ATTEMPT_COLUMNS = ['attempt', 'started_at', 'duration_ms', 'status_code', 'error', 'response_excerpt'];

export function attemptsOf(db: Database, account: AccountId, deliveryId: string): Promise<DeliveryAttemptRecord[]> {
  return db('webhook_delivery_attempts')
    .where({ account_id: account, delivery_id: deliveryId })
    .whereRaw(createdWith('delivery_id_time', '?::uuid'), [deliveryId, deliveryId])
    .orderBy('attempt')
    .select(ATTEMPT_COLUMNS);
}

export async function summariesOf(db: Database, deliveries: WebhookDeliveryRecord[]): Promise<DeliverySummary[]> {
  if (deliveries.length === 0) return [];
  // Within the times the page's ids carry, only the partitions the page spans are read; an id made
  // before decision 057 carries none, and then every partition is.
  const times = deliveries.map((delivery) => deliveryIdTime(delivery.id)?.getTime() ?? Number.NaN);
  const query = db('webhook_delivery_attempts').whereIn(['account_id', 'delivery_id'], deliveries.map((delivery) => [delivery.account_id, delivery.id]));
  if (!times.some(Number.isNaN)) query.whereBetween('delivery_id_time', [new Date(Math.min(...times)), new Date(Math.max(...times))]);
  const last: Array<DeliveryAttemptRecord & { delivery_id: string; attempt_count: number }> = await query
    .distinctOn('delivery_id')
    .orderBy([{ column: 'delivery_id' }, { column: 'attempt', order: 'desc' }])
    .select(['delivery_id', ...ATTEMPT_COLUMNS, db.raw('count(*) over (partition by delivery_id)::int as attempt_count')]);
  const byDelivery = new Map(last.map((row) => [row.delivery_id, row]));
  return deliveries.map((delivery) => {
    const row = byDelivery.get(delivery.id);
    if (!row) return { ...delivery, attempt_count: 0, last_attempt: null };
    const { delivery_id: _id, attempt_count, ...attempt } = row;
    return { ...delivery, attempt_count, last_attempt: attempt };
  });
}
