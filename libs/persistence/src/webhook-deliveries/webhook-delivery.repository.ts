/**
 * Deliveries, their attempts, and the delivery columns of `webhooks`
 * (decisions 016 and 024). An attempt in flight holds a lease on its delivery's
 * queue row (webhook_delivery_queue, decision 047), not a lock or a transaction:
 * delivery-claims.ts takes leases, delivery-outcomes.ts records against them,
 * delivery-fan-out.ts inserts new ones, delivery-requeue.ts starts fresh series, delivery-wakeups.ts wakes the
 * dispatchers when deliveries become due.
 */
import type { DeliveryAttemptRecord, WebhookDeliveryRecord, WebhookDeliveryRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';
import { toDeliveryWebhook, WEBHOOK_COLUMNS, webhooksWithPolicy } from './delivery-webhook.js';
import { attemptsOf, summariesOf } from './delivery-attempts.js';
import { claimDueDeliveries, deliveryColumns } from './delivery-claims.js';
import { deliveryLogHorizon } from './delivery-log-partitions.js';
import { createdAmong, createdWith } from './delivery-message.js';
import { DELIVERY_LOG } from './delivery-state.js';
import { insertDeliveries, subscribersOf } from './delivery-fan-out.js';
import { addAttempts, leasedStates, lockWebhooks, recordAsClaimed, recordProgress, releaseLeases, webhooksSucceeded } from './delivery-outcomes.js';
import { requeueDelivery, requeueRange } from './delivery-requeue.js';

/** Public field name → SQL column, for filters and sorting. */
export const DELIVERY_SQL_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', event: 'event', test: 'test', status: 'status', event_at: 'event_at', created_at: 'created_at', delivered_at: 'delivered_at',
};

export function webhookDeliveryRepository(db: Database): WebhookDeliveryRepository {
  /** The log's rows with their state as shown (delivery-state.ts). */
  const deliveryLog = () => db.from(db.raw(`${DELIVERY_LOG} as webhook_deliveries`));
  const findDelivery = async (account: string, webhookId: number, deliveryId: string, forUpdate: boolean) => {
    const where = { account_id: account, webhook_id: webhookId, id: deliveryId };
    // The log row locked first (a redelivery and the recording of an outcome take turns), then read as shown.
    if (forUpdate && !(await db('webhook_deliveries').where(where).whereRaw(createdWith('id_time', '?::uuid'), [deliveryId, deliveryId]).forUpdate().first('id'))) {
      return null;
    }
    const query = deliveryLog().where(where).whereRaw(createdWith('id_time', '?::uuid'), [deliveryId, deliveryId]).first(deliveryColumns(db));
    return ((await query) as WebhookDeliveryRecord | undefined) ?? null;
  };
  return {
    subscribers: (keys) => subscribersOf(db, keys),
    insert: (deliveries, lease) => insertDeliveries(db, deliveries, lease),
    claimDue: (options) => claimDueDeliveries(db, options),
    releaseLeases: (leases) => releaseLeases(db, leases),
    lockWebhooks: (webhookIds) => lockWebhooks(db, webhookIds),
    leasedStates: (leases) => leasedStates(db, leases),
    recordProgress: (rows) => recordProgress(db, rows),
    addAttempts: (attempts) => addAttempts(db, attempts),
    recordAsClaimed: (rows) => recordAsClaimed(db, rows),
    requeue: (account, deliveryId) => requeueDelivery(db, account, deliveryId),
    requeueRange: (account, webhookId, range, limit) => requeueRange(db, account, webhookId, range, limit),
    webhooksSucceeded: (webhookIds) => webhooksSucceeded(db, webhookIds),

    async webhookFailed(account, webhookId, error, mailIntervalMinutes) {
      // The row lock makes the mail decision and its time one step: a second worker waits, then sees the new time.
      const { rows } = await db.raw<{ rows: Array<{ mail_due: boolean }> }>(
        `select (last_failure_mail_at is null or last_failure_mail_at <= clock_timestamp() - make_interval(mins => ?)) as mail_due
           from webhooks where account_id = ? and id = ? for no key update`,
        [mailIntervalMinutes, account, webhookId],
      );
      const mailDue = rows[0]?.mail_due ?? false;
      const [row] = await db('webhooks')
        .where({ account_id: account, id: webhookId })
        .update({
          last_error: error,
          consecutive_failures: db.raw('consecutive_failures + 1'),
          ...(mailDue ? { last_failure_mail_at: db.raw('clock_timestamp()') } : {}),
        })
        .returning('consecutive_failures');
      return { consecutiveFailures: (row?.consecutive_failures as number | undefined) ?? 0, mailDue: mailDue && row !== undefined };
    },

    async disableWebhook(account, webhookId) {
      const changed = await db('webhooks').where({ account_id: account, id: webhookId, disabled: false }).update({ disabled: true, updated_at: db.fn.now() });
      return changed > 0;
    },

    async pausePending(account, webhookId, reason) {
      // The paused deliveries leave the queue, except those leased now: their holder's outcome is
      // recorded against the paused row (decision 024) and deletes the queue row then. Until then
      // such a row is due never (its lease still counted), so a claim needs no look at the delivery,
      // and `touched`, so that outcome is decided on the paused row (decision 060). The pending
      // deliveries are those with a queue row (a log row left pending by the outcome batch is
      // finished), locked in ascending order first, as the outcome batch locks them: one that batch
      // deletes meanwhile is finished, not paused.
      const { rows } = await db.raw<{ rows: Array<{ n: number }> }>(
        `with queued as (
           select q.delivery_id, q.delivery_id_time from webhook_delivery_queue q
            where q.account_id = ? and q.webhook_id = ?
            order by q.delivery_id for update
         ), paused as (
           update webhook_deliveries d set status = 'paused', paused_reason = ?, next_attempt_at = null
             from queued where d.id = queued.delivery_id and d.id_time = queued.delivery_id_time
              and ${createdAmong('d.id_time', 'select delivery_id from queued')} and d.status = 'pending' and not d.test
           returning d.id
         ), unqueued as (
           delete from webhook_delivery_queue q using paused p
            where q.delivery_id = p.id and (q.lease_token is null or q.due_at <= now())
         ), held as (
           update webhook_delivery_queue q set due_at = 'infinity', touched = true from paused p
            where q.delivery_id = p.id and q.lease_token is not null and q.due_at > now()
         )
         select count(*)::int as n from paused`,
        [account, webhookId, reason],
      );
      return rows[0]?.n ?? 0;
    },

    async administratorAddresses(account) {
      const rows: Array<{ primary_email: string }> = await db('person_roles as r')
        .join('people as p', 'p.id', 'r.person_id')
        .where({ 'r.account_id': account, 'r.role': 'administrator', 'p.disabled': false })
        .distinct('p.primary_email')
        .orderBy('p.primary_email');
      return rows.map((row) => row.primary_email);
    },

    async webhook(account, webhookId) {
      const row = await webhooksWithPolicy(db).where({ 'w.account_id': account, 'w.id': webhookId }).first(WEBHOOK_COLUMNS);
      return row ? toDeliveryWebhook(row) : null;
    },

    async list(account, webhookId, query) {
      const newestFirst = query.sort.length > 0 ? query : { ...query, sort: [{ field: 'created_at', direction: 'desc' as const }] };
      const base = deliveryLog().where({ account_id: account, webhook_id: webhookId }).select(deliveryColumns(db));
      const page = await fetchPage<WebhookDeliveryRecord>(base, newestFirst, DELIVERY_SQL_COLUMNS);
      return { rows: await summariesOf(db, page.rows), total: page.total };
    },

    logSince: () => deliveryLogHorizon(db),
    find: (account, webhookId, deliveryId) => findDelivery(account, webhookId, deliveryId, false),
    findForUpdate: (account, webhookId, deliveryId) => findDelivery(account, webhookId, deliveryId, true),
    attempts: (account, deliveryId): Promise<DeliveryAttemptRecord[]> => attemptsOf(db, account, deliveryId),
  };
}
