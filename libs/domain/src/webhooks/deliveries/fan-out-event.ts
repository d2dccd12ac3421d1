/**
 * The `webhook-event` task: an event of SPEC.md "Events" becomes one delivery
 * per webhook of the account for that event, each with its message
 * (REFERENCE.md "Webhooks"), in one transaction; the dispatchers are woken at
 * commit (decision 024). A disabled webhook's delivery is kept paused, with
 * the reason, rather than not made at all (issue 19 item 5): re-enabling the
 * webhook and `POST /v1/webhooks/:id/redeliver` send it. Delivery ids derive
 * from the queue job's id, so a fan-out that runs again (its job retried
 * after a commit whose completion was lost) adds nothing.
 */
import type { WebhookEventJob } from '../../jobs/job-contract.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { trustedAccountId } from '../../tenancy/account-id.js';
import { fanOutDeliveryId } from './delivery-id.js';
import type { NewDelivery } from './delivery-record.js';
import { PAUSED_REASONS } from './paused-reason.js';
import { accountUrl, buildWebhookMessage } from './webhook-message.js';

export interface FanOutContext {
  /** The queue job's id: stable across the job's retries. */
  jobId: string;
  /** When the event was queued, i.e. when its change committed. */
  eventAt: Date;
  /** The public api base URL, for the account URL of the messages. */
  apiUrl: string;
}

export async function fanOutWebhookEvent(event: WebhookEventJob, context: FanOutContext, uow: UnitOfWork): Promise<{ deliveries: number; paused: number }> {
  // The job was written by this service in the transaction of the change.
  const account = trustedAccountId(event.account_id);
  return uow.transaction(async (tx) => {
    const webhooks = await tx.webhookDeliveries.subscribers(account, event.event);
    if (webhooks.length === 0) return { deliveries: 0, paused: 0 };
    const issuer = accountUrl(context.apiUrl, account);
    const deliveries: NewDelivery[] = webhooks.map((webhook) => ({
      id: fanOutDeliveryId(context.jobId, webhook.id),
      webhookId: webhook.id,
      test: false,
      message: buildWebhookMessage(event, webhook, issuer),
      eventAt: context.eventAt,
      pausedReason: webhook.disabled ? PAUSED_REASONS.disabledByAdministrator : null,
    }));
    const inserted = new Set(await tx.webhookDeliveries.insert(account, deliveries));
    const paused = deliveries.filter((d) => d.pausedReason && inserted.has(d.id)).length;
    return { deliveries: inserted.size - paused, paused };
  });
}
