/**
 * Redelivery (decision 024), administrators with `webhook:Update`:
 *
 * - `POST /v1/webhooks/:id/deliveries/:delivery_id/redeliver`: a fresh series
 *   of up to 10 attempts for one delivery, with the same delivery id
 *   (receivers that dropped it as a repeat see it is the same message), due
 *   now. An attempt in flight keeps its lease: no dispatcher claims the
 *   delivery before that attempt is recorded, and the fresh series starts
 *   after it. Its attempts continue the delivery's log.
 * - `POST /v1/webhooks/:id/redeliver`: every paused and/or failed delivery
 *   whose event_at is in a range gets a fresh series, due now, in batches
 *   of `REDELIVERY_BATCH` (each its own transaction, so a large range holds
 *   few locks at a time); answers how many. A disabled webhook would only
 *   pause them again: it must be enabled first.
 */
import { conflict, notFound } from '../../errors/domain-error.js';
import type { AccessContext } from '../../identity/access-context.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { assertWebhookAdmin } from '../webhook-admin.js';
import type { RedeliveryRange, WebhookDeliveryRecord } from './delivery-record.js';

export const REDELIVERY_BATCH = 500;

export async function redeliverWebhookDelivery(access: AccessContext, webhookId: number, deliveryId: string, uow: UnitOfWork<'webhookDeliveries'>): Promise<WebhookDeliveryRecord> {
  assertWebhookAdmin(access, 'Update');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const delivery = await tx.webhookDeliveries.findForUpdate(account, webhookId, deliveryId);
    if (!delivery) throw notFound();
    const progress = await tx.webhookDeliveries.requeue(account, deliveryId);
    return { ...delivery, ...progress };
  });
}

export async function redeliverWebhookDeliveries(
  access: AccessContext,
  webhookId: number,
  range: RedeliveryRange,
  uow: UnitOfWork<'webhookDeliveries'>,
): Promise<{ queued: number }> {
  assertWebhookAdmin(access, 'Update');
  const account = access.account.id;
  const webhook = await uow.repositories.webhookDeliveries.webhook(account, webhookId);
  if (!webhook) throw notFound();
  if (webhook.disabled) {
    throw conflict(`webhook ${webhookId} is disabled: enable it first (PATCH /v1/webhooks/${webhookId} with {"disabled": false}), then redeliver`);
  }
  let queued = 0;
  for (;;) {
    const batch = await uow.transaction((tx) => tx.webhookDeliveries.requeueRange(account, webhookId, range, REDELIVERY_BATCH));
    queued += batch;
    if (batch < REDELIVERY_BATCH) return { queued };
  }
}
