/** The attempt log of deliveries: all of one, or the count and last attempt of a page of them. */
import type { AccountId, DeliveryAttemptRecord, DeliverySummary, WebhookDeliveryRecord } from '@tessera/domain';
import type { Database } from '../database.js';
import { createdWith } from './delivery-message.js';

const ATTEMPT_COLUMNS = ['attempt', 'started_at', 'duration_ms', 'status_code', 'error', 'response_excerpt'];

export function attemptsOf(db: Database, account: AccountId, deliveryId: string): Promise<DeliveryAttemptRecord[]> {
  return db('webhook_delivery_attempts')
    .where({ account_id: account, delivery_id: deliveryId })
    .whereRaw(createdWith('delivery_created_at', '?::uuid'), [deliveryId, deliveryId])
    .orderBy('attempt')
    .select(ATTEMPT_COLUMNS);
}

export async function summariesOf(db: Database, deliveries: WebhookDeliveryRecord[]): Promise<DeliverySummary[]> {
  if (deliveries.length === 0) return [];
  const times = deliveries.map((delivery) => delivery.created_at.getTime());
  const last: Array<DeliveryAttemptRecord & { delivery_id: string; attempt_count: number }> = await db('webhook_delivery_attempts')
    .whereIn(['account_id', 'delivery_id'], deliveries.map((delivery) => [delivery.account_id, delivery.id]))
    // Within the page's creation times (a Date keeps milliseconds; rows written before decision 057 have
    // microseconds): only the partitions the page spans are read.
    .where('delivery_created_at', '>=', new Date(Math.min(...times)))
    .where('delivery_created_at', '<', new Date(Math.max(...times) + 1))
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
