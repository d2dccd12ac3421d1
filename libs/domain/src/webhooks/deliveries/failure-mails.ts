/**
 * The e-mails of failing webhooks (SPEC.md "Events" rule 2; REFERENCE.md
 * "Webhooks"): one when deliveries fail (at most one per 20 minutes per
 * webhook), one when failures disabled the webhook. Plain text: they are read
 * by whoever operates the receiving end.
 */
import { queuedJob, type QueuedJob } from '../../jobs/job-contract.js';
import type { DeliveryWebhook, WebhookDeliveryRecord } from './delivery-record.js';
import { DISABLE_AFTER_FAILURES, FAILURE_MAIL_INTERVAL_MINUTES } from './delivery-rules.js';

export interface FailedAttempt {
  delivery: Pick<WebhookDeliveryRecord, 'id' | 'event'>;
  attempt: number;
  error: string;
  /** When the next attempt is due; null when this delivery gave up. */
  nextAttemptAt: Date | null;
  consecutiveFailures: number;
}

export function failureMail(to: string, webhook: Pick<DeliveryWebhook, 'id' | 'name' | 'uri'>, failed: FailedAttempt): QueuedJob {
  const next = failed.nextAttemptAt ? `The next attempt is due at ${failed.nextAttemptAt.toISOString()}.` : 'This message will not be tried again.';
  return queuedJob('send-mail', {
    to,
    subject: `Webhook "${webhook.name}" failed: ${failed.error}`,
    text: [
      `Tessera could not deliver a message to webhook ${webhook.id} "${webhook.name}".`,
      '',
      `  URI:         ${webhook.uri}`,
      `  Event:       ${failed.delivery.event}`,
      `  Delivery id: ${failed.delivery.id}`,
      `  Attempt:     ${failed.attempt}`,
      `  Error:       ${failed.error}`,
      '',
      next,
      `Consecutive failed attempts of this webhook: ${failed.consecutiveFailures}; after ${DISABLE_AFTER_FAILURES} it is disabled.`,
      `You get at most one such e-mail per ${FAILURE_MAIL_INTERVAL_MINUTES} minutes for this webhook. The attempt log:`,
      `GET /v1/webhooks/${webhook.id}/deliveries/${failed.delivery.id}`,
    ].join('\n'),
  });
}

/** `gone`: disabled because the receiver answered 410 Gone, not after the failures. */
export function disabledMail(to: string, webhook: Pick<DeliveryWebhook, 'id' | 'name' | 'uri'>, lastError: string, gone = false): QueuedJob {
  return queuedJob('send-mail', {
    to,
    subject: gone
      ? `Webhook "${webhook.name}" was disabled: its receiver answered 410 Gone`
      : `Webhook "${webhook.name}" was disabled after ${DISABLE_AFTER_FAILURES} failed deliveries`,
    text: [
      gone
        ? `Tessera disabled webhook ${webhook.id} "${webhook.name}": its receiver answered 410 Gone, which says the endpoint is no more.`
        : `Tessera disabled webhook ${webhook.id} "${webhook.name}": its last ${DISABLE_AFTER_FAILURES} delivery attempts failed.`,
      '',
      `  URI:        ${webhook.uri}`,
      `  Last error: ${lastError}`,
      '',
      'It receives no messages until an administrator enables it again',
      `(PATCH /v1/webhooks/${webhook.id} with {"disabled": false}); POST /v1/webhooks/${webhook.id}/test sends a test message meanwhile.`,
      'Its pending messages, and those of events while it is disabled, are kept paused; once it is enabled,',
      `POST /v1/webhooks/${webhook.id}/redeliver with {"since": "<ISO time>"} sends them.`,
    ].join('\n'),
  });
}
