/**
 * `POST /v1/webhooks/:id/deliveries/:delivery_id/redeliver`: a fresh series
 * of up to 10 attempts for a delivery, with the same delivery id (receivers
 * that dropped it as a repeat see it is the same message). It waits for an
 * attempt in flight to end (the delivery's lock), then replaces any waiting
 * retry (the job key), so the two never run at once. Its attempts continue
 * the delivery's log.
 */
import { notFound } from '../../errors/domain-error.js';
import type { AccessContext } from '../../identity/access-context.js';
import { webhookDeliveryJobKey } from '../../jobs/job-contract.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { assertWebhookAdmin } from '../webhook-admin.js';
import { deliveryJob } from './delivery-job.js';
import type { WebhookDeliveryRecord } from './delivery-record.js';

export async function redeliverWebhookDelivery(access: AccessContext, webhookId: number, deliveryId: string, uow: UnitOfWork): Promise<WebhookDeliveryRecord> {
  assertWebhookAdmin(access, 'Update');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    await tx.lock(webhookDeliveryJobKey(deliveryId));
    const delivery = await tx.webhookDeliveries.findForUpdate(account, webhookId, deliveryId);
    if (!delivery) throw notFound();
    const now = await tx.now();
    const progress = { status: 'pending' as const, attempts: 0, next_attempt_at: now, delivered_at: null };
    await tx.webhookDeliveries.progress(account, deliveryId, progress);
    await tx.jobs.enqueue([deliveryJob(account, deliveryId, now)]);
    return { ...delivery, ...progress };
  });
}
