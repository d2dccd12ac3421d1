/**
 * What a failed attempt does to its webhook (not for test deliveries):
 * `last_error` and the count of consecutive failures; a failure e-mail when
 * none went out in the last 20 minutes; at 20 consecutive failures, or at
 * once on `410 Gone`, the webhook is disabled — a change of the webhook by the
 * service itself, so through recordChange with its audit line — its pending
 * deliveries are paused with the reason (issue 19 item 5), and an e-mail says so.
 */
import { recordChange } from '../../outbox/record-change.js';
import type { Transaction } from '../../ports/unit-of-work.js';
import type { QueuedJob } from '../../jobs/job-contract.js';
import { SYSTEM_SOURCE } from '../../request-changes/change-sources.js';
import type { DeliveryWebhook, WebhookDeliveryRecord } from './delivery-record.js';
import { DISABLE_AFTER_FAILURES, FAILURE_MAIL_INTERVAL_MINUTES, failureRecipients } from './delivery-rules.js';
import { disabledMail, failureMail } from './failure-mails.js';
import { PAUSED_REASONS, type PausedReason } from './paused-reason.js';

export interface FailureNotice {
  delivery: Pick<WebhookDeliveryRecord, 'id' | 'event'>;
  attempt: number;
  error: string;
  nextAttemptAt: Date | null;
  /** The receiver answered 410 Gone: the webhook is disabled at once. */
  gone?: boolean;
}

/** Updates the webhook's failure state; returns why this failure disabled it, or null. */
export async function recordWebhookFailure(
  tx: Pick<Transaction, 'webhookDeliveries' | 'auditLines' | 'jobs'>,
  webhook: DeliveryWebhook,
  notice: FailureNotice,
): Promise<{ disabled: PausedReason | null }> {
  const account = webhook.account_id;
  const state = await tx.webhookDeliveries.webhookFailed(account, webhook.id, notice.error, FAILURE_MAIL_INTERVAL_MINUTES);
  const disabling = (notice.gone === true || state.consecutiveFailures >= DISABLE_AFTER_FAILURES) && !webhook.disabled;
  if (!state.mailDue && !disabling) return { disabled: null };
  const to = failureRecipients(webhook.mail_exceptions_to, await tx.webhookDeliveries.administratorAddresses(account));
  const mails: QueuedJob[] = [];
  if (to && state.mailDue) {
    mails.push(failureMail(to, webhook, { ...notice, nextAttemptAt: disabling ? null : notice.nextAttemptAt, consecutiveFailures: state.consecutiveFailures }));
  }
  if (!disabling || !(await tx.webhookDeliveries.disableWebhook(account, webhook.id))) {
    await tx.jobs.enqueue(mails);
    return { disabled: null };
  }
  const reason = notice.gone ? PAUSED_REASONS.gone : PAUSED_REASONS.afterFailures;
  await tx.webhookDeliveries.pausePending(account, webhook.id, reason);
  if (to) mails.push(disabledMail(to, webhook, notice.error, notice.gone === true));
  await recordChange(tx, {
    account,
    record: { type: 'Webhook', id: webhook.id },
    action: 'update',
    actor: null,
    source: SYSTEM_SOURCE,
    sourceId: null,
    // The why is the webhook's last_error and the e-mail; the audit line records the change itself.
    changes: { disabled: [false, true] },
    events: [],
    jobs: mails,
  });
  return { disabled: reason };
}
