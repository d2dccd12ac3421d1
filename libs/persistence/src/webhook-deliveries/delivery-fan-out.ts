/**
 * The fan-out's two statements (decision 024, "batched fan-out"): the
 * subscribers of a batch of events, and the insert of their deliveries with
 * the wake-up of the dispatchers, some of them leased to the inserting
 * process (the hand-off).
 */
import type { DeliveryWebhook, FanOutLease, InsertedDeliveries, LeasedDelivery, NewDelivery, SubscriptionKey } from '@tessera/domain';
import type { Database } from '../database.js';
import { toDeliveryWebhook, WEBHOOK_COLUMNS, webhooksWithPolicy } from './delivery-webhook.js';
import { DELIVERY_CHANNEL } from './delivery-wakeups.js';

/** Every webhook of the (account, event) pairs, enabled or disabled, with its policy; by id. */
export async function subscribersOf(db: Database, keys: readonly SubscriptionKey[]): Promise<DeliveryWebhook[]> {
  if (keys.length === 0) return [];
  const rows: Array<Record<string, unknown>> = await webhooksWithPolicy(db)
    .join(db.raw('unnest(?::text[], ?::text[]) as k(account_id, event)', [keys.map((k) => k.account), keys.map((k) => k.event)]), (on) =>
      on.on('k.account_id', 'w.account_id').andOn('k.event', 'w.event'),
    )
    .orderBy('w.id')
    .select(WEBHOOK_COLUMNS);
  return rows.map((row) => toDeliveryWebhook(row));
}

export async function insertDeliveries(db: Database, deliveries: readonly NewDelivery[], lease?: FanOutLease): Promise<InsertedDeliveries> {
  if (deliveries.length === 0) return { inserted: [], leased: [] };
  const leaseColumns = lease
    ? { lease_token: db.raw('gen_random_uuid()'), lease_expires_at: db.raw('now() + make_interval(secs => ?)', [lease.leaseMs / 1000]), leased_by: lease.leasedBy }
    : null;
  // The text written is the text a hand-off signs: the message is not read back.
  const texts = new Map(deliveries.map((d) => [d.id, JSON.stringify(d.message)]));
  const rows = deliveries.map((d) => ({
    id: d.id, account_id: d.account, webhook_id: d.webhookId, event: d.message.event, test: d.test, message: texts.get(d.id), event_at: d.eventAt,
    // Every row names the same columns: a multi-row insert takes one column list.
    status: d.pausedReason ? 'paused' : 'pending', paused_reason: d.pausedReason ?? null,
    ...(d.pausedReason ? { next_attempt_at: null } : { next_attempt_at: db.raw('now()') }),
    ...(leaseColumns && lease!.ids.has(d.id) ? leaseColumns : { lease_token: null, lease_expires_at: null, leased_by: null }),
  }));
  const insert = db('webhook_deliveries').insert(rows).onConflict('id').ignore().returning(['id', 'status', 'attempts', 'next_attempt_at', 'lease_token']);
  // One statement, atomic by itself: the rows, and the wake-up of every dispatcher (at commit) when
  // a new pending row is nobody's yet. A select CTE runs only when referenced, hence the count.
  const { rows: inserted } = await db.raw<{ rows: Array<Record<string, unknown>> }>(
    `with ins as (?),
          woken as (select pg_notify(?, '') from ins where ins.status = 'pending' and ins.lease_token is null limit 1)
     select ins.*, (select count(*) from woken) as woken from ins`,
    [insert, DELIVERY_CHANNEL],
  );
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  return {
    inserted: inserted.map((row) => row['id'] as string),
    leased: inserted
      .filter((row) => row['lease_token'] !== null)
      .map((row) => {
        const d = byId.get(row['id'] as string)!;
        const delivery: LeasedDelivery = {
          id: d.id, account_id: d.account, webhook_id: d.webhookId, event: d.message.event, test: d.test,
          attempts: row['attempts'] as number, next_attempt_at: row['next_attempt_at'] as Date, message: texts.get(d.id)!, issuer: d.message.account,
        };
        return { delivery, lease: { id: d.id, token: row['lease_token'] as string } };
      }),
  };
}
