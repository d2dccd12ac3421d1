/**
 * Redelivery writes (decision 024): a fresh series, due now, and a wake-up for
 * the dispatchers at commit. A lease in flight is left alone: its holder
 * records its attempt first, and the series starts after it.
 */
import type { DeliveryProgress, RedeliveryRange } from '@tessera/domain';
import type { Database } from '../database.js';
import { notifyDispatchers } from './delivery-wakeups.js';

const FRESH_SERIES = "status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null, paused_reason = null";

export async function requeueDelivery(db: Database, account: string, deliveryId: string): Promise<DeliveryProgress> {
  const { rows } = await db.raw<{ rows: DeliveryProgress[] }>(
    `update webhook_deliveries set ${FRESH_SERIES} where account_id = ? and id = ? returning status, attempts, next_attempt_at, delivered_at`,
    [account, deliveryId],
  );
  await notifyDispatchers(db);
  return rows[0]!;
}

export async function requeueRange(db: Database, account: string, webhookId: number, range: RedeliveryRange, limit: number): Promise<number> {
  const { rowCount } = await db.raw(
    `update webhook_deliveries set ${FRESH_SERIES}
      where id in (
        select id from webhook_deliveries
         where account_id = ? and webhook_id = ? and not test and status = any(?::text[])
           and event_at >= ? and (?::timestamptz is null or event_at < ?::timestamptz)
         order by event_at, id
         limit ?
         for update)`,
    [account, webhookId, [...range.statuses], range.from, range.to, range.to, limit],
  );
  if ((rowCount ?? 0) > 0) await notifyDispatchers(db);
  return rowCount ?? 0;
}
