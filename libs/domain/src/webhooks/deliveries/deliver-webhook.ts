/**
 * The `webhook-delivery` task: one attempt of one delivery, in one
 * transaction that holds the delivery's lock while the POST is in flight, so
 * no two workers (a retry and a redelivery, say) attempt it at once. The
 * attempt, its effect on the webhook, the next attempt's job and the e-mails
 * commit together (decision 016).
 *
 * - Nothing to do: the delivery is gone (its webhook deleted), done, or not
 *   yet due (a stray job; the due one is queued).
 * - A disabled webhook receives nothing but test messages: the delivery fails
 *   with that reason, without a request.
 * - A policy that cannot sign (disabled, or its key cannot be opened) is a
 *   failed attempt: nothing is ever sent unsigned in its place.
 * - Writes go webhook row first, then the delivery: the order of a webhook's
 *   deletion (webhook, then its deliveries), so the two cannot deadlock.
 */
import type { WebhookDeliveryJob } from '../../jobs/job-contract.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { trustedAccountId } from '../../tenancy/account-id.js';
import { deliveryJob } from './delivery-job.js';
import type { DeliveryWebhook, WebhookDeliveryRecord } from './delivery-record.js';
import { progressAfter } from './delivery-rules.js';
import { signedRequest, type SigningSetup } from './signed-request.js';
import { recordWebhookFailure } from './webhook-failure.js';
import type { SendResult, WebhookSender } from './webhook-sender.js';

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped' | 'busy';

export interface DeliveryDependencies extends SigningSetup {
  uow: UnitOfWork;
  send: WebhookSender;
  /** Wait after the first failed attempt; doubles after each (delivery-rules.ts). */
  retryBaseMs: number;
  clock?: () => Date;
}

/** How long a delivery whose lock is held waits before its job tries again. */
export const BUSY_DELAY_MS = 5_000;

export async function deliverWebhook(job: WebhookDeliveryJob, deps: DeliveryDependencies): Promise<DeliveryOutcome> {
  const clock = deps.clock ?? (() => new Date());
  // The job was written by this service, in the transaction that created the delivery.
  const account = trustedAccountId(job.account_id);
  return deps.uow.transaction(async (tx) => {
    const claimed = await tx.webhookDeliveries.claim(account, job.delivery_id);
    if (claimed === null) return 'skipped';
    if (claimed === 'busy') {
      await tx.jobs.enqueue([deliveryJob(account, job.delivery_id, new Date(clock().getTime() + BUSY_DELAY_MS))]);
      return 'busy';
    }
    const { delivery, webhook } = claimed;
    if (delivery.status !== 'pending') return 'skipped';
    if (delivery.next_attempt_at && delivery.next_attempt_at.getTime() > (await tx.now()).getTime()) return 'skipped';

    if (webhook.disabled && !delivery.test) {
      await tx.webhookDeliveries.progress(account, delivery.id, { status: 'failed', attempts: delivery.attempts + 1, next_attempt_at: null, delivered_at: null });
      await tx.webhookDeliveries.addAttempt(delivery.id, notSent(clock(), `webhook ${webhook.id} is disabled: only test messages are sent to it`));
      return 'failed';
    }

    const result = await attempt(delivery, webhook, clock, deps);
    const now = clock();
    let progress = progressAfter(delivery, result.error !== null, now, deps.retryBaseMs);
    if (!delivery.test) {
      if (result.error === null) {
        await tx.webhookDeliveries.webhookSucceeded(account, webhook.id);
      } else {
        const attemptNr = delivery.attempts + 1;
        const { disabled } = await recordWebhookFailure(tx, webhook, { delivery, attempt: attemptNr, error: result.error, nextAttemptAt: progress.next_attempt_at });
        if (disabled) progress = { ...progress, status: 'failed', next_attempt_at: null };
      }
    }
    await tx.webhookDeliveries.progress(account, delivery.id, progress);
    await tx.webhookDeliveries.addAttempt(delivery.id, {
      started_at: result.startedAt,
      duration_ms: result.durationMs,
      status_code: result.statusCode,
      error: result.error,
      response_excerpt: result.responseExcerpt,
    });
    if (progress.status === 'pending') await tx.jobs.enqueue([deliveryJob(account, delivery.id, progress.next_attempt_at ?? undefined)]);
    return progress.status === 'delivered' ? 'delivered' : progress.status === 'pending' ? 'retrying' : 'failed';
  });
}

async function attempt(delivery: WebhookDeliveryRecord, webhook: DeliveryWebhook, clock: () => Date, deps: DeliveryDependencies): Promise<SendResult> {
  const startedAt = clock();
  const request = await signedRequest(delivery, webhook, startedAt, deps);
  if ('refused' in request) return { ...notSentResult(startedAt), error: request.refused };
  return deps.send(request);
}

function notSentResult(startedAt: Date): SendResult {
  return { startedAt, durationMs: 0, statusCode: null, error: null, responseExcerpt: null };
}

function notSent(startedAt: Date, error: string) {
  return { started_at: startedAt, duration_ms: 0, status_code: null, error, response_excerpt: null };
}
