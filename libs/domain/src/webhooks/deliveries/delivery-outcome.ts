/**
 * What one attempt's result does to its delivery (decision 024), decided on
 * the row as it is when the outcome is recorded, not as it was claimed:
 *
 * - A non-test delivery of a disabled webhook is not sent: it is paused
 *   (`disabledByAdministrator`), its series unchanged.
 * - A 2xx delivers it, also when it was paused meanwhile (the message arrived).
 * - A failure follows the schedule (delivery-rules.ts); a delivery paused
 *   meanwhile stays paused; `410 Gone` pauses it (`gone`) and disables the webhook.
 * - Redelivered meanwhile (pending, but its series is not the one claimed):
 *   the attempt is logged and the fresh series starts after it, due now.
 */
import type { DeliveryStatus, LeasedDeliveryState, NewDeliveryAttempt, RecordedProgress, WebhookDeliveryRecord } from './delivery-record.js';
import { progressAfter, type RetrySettings } from './delivery-rules.js';
import { PAUSED_REASONS } from './paused-reason.js';
import type { SendResult } from './webhook-sender.js';

export const GONE_STATUS = 410;

/** What the outcome does to the webhook: nothing (a test, or not sent), a success, a failure, or 410 Gone. */
export type WebhookEffect = 'none' | 'succeeded' | 'failed' | 'gone';

export interface OutcomePlan {
  progress: RecordedProgress;
  /** Null when nothing was attempted. */
  attempt: (NewDeliveryAttempt & { deliveryId: string }) | null;
  effect: WebhookEffect;
}

export interface PlanInput {
  claimed: Pick<WebhookDeliveryRecord, 'id' | 'test' | 'attempts' | 'next_attempt_at'>;
  leaseToken: string;
  current: LeasedDeliveryState;
  /** Null: not sent, because the webhook is disabled. */
  result: SendResult | null;
  now: Date;
  retry: RetrySettings;
}

export function planOutcome({ claimed, leaseToken, current, result, now, retry }: PlanInput): OutcomePlan {
  const row = (status: DeliveryStatus, fields: Partial<RecordedProgress> = {}): RecordedProgress => ({
    id: claimed.id, leaseToken, status, attempts: current.attempts, next_attempt_at: null, delivered_at: null, paused_reason: null, ...fields,
  });
  if (result === null) {
    const paused = current.status === 'paused' ? current.paused_reason : PAUSED_REASONS.disabledByAdministrator;
    return { progress: row('paused', { paused_reason: paused }), attempt: null, effect: 'none' };
  }
  const attempt = {
    deliveryId: claimed.id, started_at: result.startedAt, duration_ms: result.durationMs, status_code: result.statusCode, error: result.error, response_excerpt: result.responseExcerpt,
  };
  const failed = result.error !== null;
  const effect: WebhookEffect = claimed.test ? 'none' : !failed ? 'succeeded' : result.statusCode === GONE_STATUS ? 'gone' : 'failed';
  if (redeliveredMeanwhile(claimed, current)) {
    return { progress: row('pending', { attempts: 0, next_attempt_at: current.next_attempt_at }), attempt, effect };
  }
  const progress = progressAfter({ attempts: current.attempts, test: claimed.test }, { failed, statusCode: result.statusCode, retryAfter: result.retryAfter ?? null }, now, retry);
  if (progress.status === 'delivered') return { progress: row('delivered', progress), attempt, effect };
  if (effect === 'gone') return { progress: row('paused', { ...progress, status: 'paused', next_attempt_at: null, paused_reason: PAUSED_REASONS.gone }), attempt, effect };
  if (current.status === 'paused') return { progress: row('paused', { attempts: progress.attempts, paused_reason: current.paused_reason }), attempt, effect };
  return { progress: row(progress.status, progress), attempt, effect };
}

/** A redelivery resets the series and makes it due now: the row is pending with another due time than the one claimed. */
function redeliveredMeanwhile(claimed: PlanInput['claimed'], current: LeasedDeliveryState): boolean {
  if (current.status !== 'pending') return false;
  return current.attempts !== claimed.attempts || current.next_attempt_at?.getTime() !== claimed.next_attempt_at?.getTime();
}

/** The webhook was disabled while this batch was recorded: a delivery left pending is paused with the reason. */
export function pausedBy(progress: RecordedProgress, reason: string): RecordedProgress {
  return progress.status === 'pending' ? { ...progress, status: 'paused', next_attempt_at: null, paused_reason: reason } : progress;
}
