/**
 * The delivery rules of REFERENCE.md "Webhooks" and what Tessera adds to
 * them (decisions 016 and 024): at most 10 attempts per series on a schedule
 * that spans about two days (Svix's, stretched to 10 attempts), with jitter;
 * a receiver's Retry-After honoured on 429 and 503; at most one failure e-mail
 * per 20 minutes per webhook; a webhook disabled after 20 consecutive failed
 * attempts, or at once when its receiver answers 410 Gone.
 */
import type { DeliveryProgress, WebhookDeliveryRecord } from './delivery-record.js';

export const MAX_ATTEMPTS = 10;
export const DISABLE_AFTER_FAILURES = 20;
export const FAILURE_MAIL_INTERVAL_MINUTES = 20;
/** Success is any 2xx within this time (REFERENCE.md "Webhooks"). */
export const DELIVERY_TIMEOUT_MS = 10_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait after failed attempt n of a series (index n − 1), at the default
 * base: the first attempt is immediate, then 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h, 10 h, 10 h — the 10th attempt comes about 47.6 h after the first.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR];
/** WEBHOOK_RETRY_BASE_MS is the first wait; the whole schedule scales with it (tests run it in milliseconds). */
export const DEFAULT_RETRY_BASE_MS = RETRY_SCHEDULE_MS[0]!;
/** Each wait is moved by up to ±10 %, so deliveries that failed together do not come back together. */
export const RETRY_JITTER = 0.1;
/** A Retry-After longer than the schedule's longest wait is cut to it. */
export const MAX_RETRY_AFTER_MS = 10 * HOUR;

export interface RetrySettings {
  /** The first wait of the schedule (WEBHOOK_RETRY_BASE_MS). */
  baseMs: number;
  /** In [0, 1); Math.random by default. Tests pin it. */
  random?: () => number;
}

/** Wait after failed attempt `attempt` (1-based) of a series: the schedule scaled to the base, with jitter. */
export function retryDelayMs(attempt: number, retry: RetrySettings): number {
  const step = RETRY_SCHEDULE_MS[Math.min(attempt, RETRY_SCHEDULE_MS.length) - 1]!;
  const scaled = (step * retry.baseMs) / DEFAULT_RETRY_BASE_MS;
  const jitter = 1 + RETRY_JITTER * (2 * (retry.random ?? Math.random)() - 1);
  return Math.max(0, Math.round(scaled * jitter));
}

/** The answers whose Retry-After says when the receiver wants the next attempt (RFC 9110 §10.2.3). */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * A Retry-After header as a wait: delay-seconds or an HTTP date; null when
 * absent or unreadable. Bounded to [0, MAX_RETRY_AFTER_MS]: a receiver's word
 * cannot keep a delivery for days, nor make a negative wait.
 */
export function retryAfterMs(header: string | null | undefined, now: Date): number | null {
  const value = header?.trim();
  if (!value) return null;
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * SECOND;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at) || !/[a-z]/i.test(value)) return null;
    ms = at - now.getTime();
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** What one attempt's answer means for the delivery's series. */
export interface AttemptAnswer {
  failed: boolean;
  statusCode: number | null;
  retryAfter?: string | null;
}

/**
 * The delivery after one attempt of its current series. A test delivery gets
 * one attempt: its result is for the administrator who asked, now. A 429 or
 * 503 with Retry-After waits what the receiver asked instead of the schedule's wait.
 */
export function progressAfter(delivery: Pick<WebhookDeliveryRecord, 'attempts' | 'test'>, answer: AttemptAnswer, now: Date, retry: RetrySettings): DeliveryProgress {
  const attempts = delivery.attempts + 1;
  if (!answer.failed) return { status: 'delivered', attempts, next_attempt_at: null, delivered_at: now };
  if (delivery.test || attempts >= MAX_ATTEMPTS) return { status: 'failed', attempts, next_attempt_at: null, delivered_at: null };
  const asked = answer.statusCode !== null && RETRY_AFTER_STATUSES.has(answer.statusCode) ? retryAfterMs(answer.retryAfter, now) : null;
  const wait = asked ?? retryDelayMs(attempts, retry);
  return { status: 'pending', attempts, next_attempt_at: new Date(now.getTime() + wait), delivered_at: null };
}

/** The addresses of a failure e-mail: mail_exceptions_to, or else the account's administrators. */
export function failureRecipients(mailExceptionsTo: string | null, administrators: readonly string[]): string | null {
  const listed = (mailExceptionsTo ?? '').split(',').map((address) => address.trim()).filter((address) => address !== '');
  const to = listed.length > 0 ? listed : [...new Set(administrators)];
  return to.length > 0 ? to.join(', ') : null;
}
