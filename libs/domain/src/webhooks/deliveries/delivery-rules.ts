/**
 * The delivery rules of REFERENCE.md "Webhooks" and what Tessera adds to
 * them (decision 016): at most 10 attempts per message with growing
 * intervals, at most one failure e-mail per 20 minutes per webhook, a
 * webhook disabled after 20 consecutive failed attempts.
 */
import type { DeliveryProgress, WebhookDeliveryRecord } from './delivery-record.js';

export const MAX_ATTEMPTS = 10;
export const DISABLE_AFTER_FAILURES = 20;
export const FAILURE_MAIL_INTERVAL_MINUTES = 20;
/** No wait between two attempts is longer than this, whatever the base. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** Success is any 2xx within this time (REFERENCE.md "Webhooks"). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Wait after failed attempt `attempt` (1-based): base, 2×base, 4×base, … capped at an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), Math.max(baseMs, MAX_RETRY_DELAY_MS));
}

/**
 * The delivery after one attempt of its current series. A test delivery gets
 * one attempt: its result is for the administrator who asked, now.
 */
export function progressAfter(delivery: Pick<WebhookDeliveryRecord, 'attempts' | 'test'>, failed: boolean, now: Date, retryBaseMs: number): DeliveryProgress {
  const attempts = delivery.attempts + 1;
  if (!failed) return { status: 'delivered', attempts, next_attempt_at: null, delivered_at: now };
  if (delivery.test || attempts >= MAX_ATTEMPTS) return { status: 'failed', attempts, next_attempt_at: null, delivered_at: null };
  return { status: 'pending', attempts, next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts, retryBaseMs)), delivered_at: null };
}

/** The addresses of a failure e-mail: mail_exceptions_to, or else the account's administrators. */
export function failureRecipients(mailExceptionsTo: string | null, administrators: readonly string[]): string | null {
  const listed = (mailExceptionsTo ?? '').split(',').map((address) => address.trim()).filter((address) => address !== '');
  const to = listed.length > 0 ? listed : [...new Set(administrators)];
  return to.length > 0 ? to.join(', ') : null;
}
