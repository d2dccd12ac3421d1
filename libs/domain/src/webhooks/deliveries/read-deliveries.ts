/**
 * The attempt log of a webhook (issue 9 item 8, for operators):
 * `GET /v1/webhooks/:id/deliveries` (newest first, each with its attempt
 * count and last attempt) and `.../deliveries/:delivery_id` (with every
 * attempt). Administrators, `webhook:Read`; another account's webhook is not found.
 */
import type { CollectionQuery, Page } from '../../collections/collection-query.js';
import { notFound } from '../../errors/domain-error.js';
import type { AccessContext } from '../../identity/access-context.js';
import type { Repositories } from '../../ports/unit-of-work.js';
import { assertWebhookAdmin } from '../webhook-admin.js';
import type { DeliverySummary, DeliveryWithAttempts } from './delivery-record.js';

type Reads = Pick<Repositories, 'webhookDeliveries'>;

/** A page of the log, and where the log begins: deliveries created before `logSince` were dropped with their week (decision 057). */
export type DeliveryLogPage = Page<DeliverySummary> & { logSince: Date | null };

export async function listWebhookDeliveries(access: AccessContext, webhookId: number, query: CollectionQuery, repos: Reads): Promise<DeliveryLogPage> {
  assertWebhookAdmin(access, 'Read');
  const page = await repos.webhookDeliveries.list(access.account.id, webhookId, query);
  // An empty page may mean no such webhook in this account: only then is it worth a second read.
  if (page.total === 0 && !(await repos.webhookDeliveries.webhook(access.account.id, webhookId))) throw notFound();
  return { ...page, logSince: await repos.webhookDeliveries.logSince() };
}

export async function getWebhookDelivery(access: AccessContext, webhookId: number, deliveryId: string, repos: Reads): Promise<DeliveryWithAttempts> {
  assertWebhookAdmin(access, 'Read');
  const delivery = await repos.webhookDeliveries.find(access.account.id, webhookId, deliveryId);
  if (!delivery) throw notFound();
  return { ...delivery, attempt_log: await repos.webhookDeliveries.attempts(access.account.id, delivery.id) };
}
