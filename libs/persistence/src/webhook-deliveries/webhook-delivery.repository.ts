/**
 * Deliveries, their attempts, and the delivery columns of `webhooks`
 * (decision 016). The lock of an attempt in flight is a transaction-scoped
 * advisory lock on the delivery's job key — the key `Transaction.lock` takes
 * for a redelivery — rather than a row lock, so deleting a webhook never
 * waits on a POST in flight.
 */
import { webhookDeliveryJobKey, type DeliveryAttemptRecord, type WebhookDeliveryRecord, type WebhookDeliveryRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';
import { toDeliveryWebhook, WEBHOOK_COLUMNS, webhooksWithPolicy } from './delivery-webhook.js';
import { attemptsOf, summariesOf } from './delivery-attempts.js';

const DELIVERY_COLUMNS = ['id', 'account_id', 'webhook_id', 'event', 'test', 'message', 'status', 'paused_reason', 'attempts', 'next_attempt_at', 'event_at', 'created_at', 'delivered_at'];

/** Public field name → SQL column, for filters and sorting. */
export const DELIVERY_SQL_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', event: 'event', test: 'test', status: 'status', event_at: 'event_at', created_at: 'created_at', delivered_at: 'delivered_at',
};

export function webhookDeliveryRepository(db: Database): WebhookDeliveryRepository {
  const findDelivery = async (account: string, webhookId: number, deliveryId: string, forUpdate: boolean) => {
    const query = db('webhook_deliveries').where({ account_id: account, webhook_id: webhookId, id: deliveryId }).first(DELIVERY_COLUMNS);
    if (forUpdate) query.forUpdate();
    return ((await query) as WebhookDeliveryRecord | undefined) ?? null;
  };
  return {
    subscribers: (account, event) => db('webhooks').where({ account_id: account, event, disabled: false }).orderBy('id').select('id', 'name'),

    async insert(account, deliveries) {
      if (deliveries.length === 0) return [];
      const rows = deliveries.map((d) => ({
        id: d.id, account_id: account, webhook_id: d.webhookId, event: d.message.event, test: d.test, message: JSON.stringify(d.message), event_at: d.eventAt,
      }));
      const inserted: Array<{ id: string }> = await db('webhook_deliveries').insert(rows).onConflict('id').ignore().returning('id');
      return inserted.map((row) => row.id);
    },

    async claim(account, deliveryId) {
      const { rows } = await db.raw<{ rows: Array<{ locked: boolean }> }>('select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked', [webhookDeliveryJobKey(deliveryId)]);
      if (!rows[0]!.locked) return 'busy';
      const row = await webhooksWithPolicy(db, db('webhook_deliveries as d').join('webhooks as w', 'w.id', 'd.webhook_id'))
        .where({ 'd.account_id': account, 'd.id': deliveryId })
        .first([...DELIVERY_COLUMNS.map((column) => `d.${column} as d_${column}`), ...WEBHOOK_COLUMNS]);
      if (!row) return null;
      const delivery = Object.fromEntries(DELIVERY_COLUMNS.map((column) => [column, row[`d_${column}`]])) as unknown as WebhookDeliveryRecord;
      return { delivery, webhook: toDeliveryWebhook(row) };
    },

    async addAttempt(deliveryId, attempt) {
      const [row] = await db('webhook_delivery_attempts')
        .insert({
          delivery_id: deliveryId,
          attempt: db.raw('(select coalesce(max(attempt), 0) + 1 from webhook_delivery_attempts where delivery_id = ?)', [deliveryId]),
          ...attempt,
        })
        .returning('attempt');
      return row.attempt as number;
    },

    async progress(account, deliveryId, progress) {
      await db('webhook_deliveries').where({ account_id: account, id: deliveryId }).update(progress);
    },

    async webhookSucceeded(account, webhookId) {
      await db('webhooks').where({ account_id: account, id: webhookId }).andWhere((q) => q.where('consecutive_failures', '>', 0).orWhereNotNull('last_error'))
        .update({ consecutive_failures: 0, last_error: null });
    },

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
      return db('webhook_deliveries')
        .where({ account_id: account, webhook_id: webhookId, status: 'pending', test: false })
        .update({ status: 'paused', paused_reason: reason, next_attempt_at: null });
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
      const base = db('webhook_deliveries').where({ account_id: account, webhook_id: webhookId }).select(DELIVERY_COLUMNS);
      const page = await fetchPage<WebhookDeliveryRecord>(base, newestFirst, DELIVERY_SQL_COLUMNS);
      return { rows: await summariesOf(db, page.rows), total: page.total };
    },

    find: (account, webhookId, deliveryId) => findDelivery(account, webhookId, deliveryId, false),
    findForUpdate: (account, webhookId, deliveryId) => findDelivery(account, webhookId, deliveryId, true),
    attempts: (deliveryId): Promise<DeliveryAttemptRecord[]> => attemptsOf(db, deliveryId),
  };
}
