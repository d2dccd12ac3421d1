/**
 * Deliveries and their attempts as the REST API shows them (Tessera's
 * extension, documented in /v1/openapi.json). A delivery's id is the delivery
 * id its receiver got (`X-Tessera-Delivery`, `webhook-id`); it has no node id.
 * A paused delivery (its webhook is disabled) says why and has no next attempt.
 */
import type { DeliveryAttemptRecord, DeliveryStatus, DeliverySummary, DeliveryWithAttempts, WebhookDeliveryRecord } from './delivery-record.js';

/** Every status, for filters and documents: `?status=paused` lists what a disabled webhook kept. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'paused'] as const satisfies readonly DeliveryStatus[];
// A status added to DeliveryStatus but not listed here fails to compile.
const everyStatusListed: [Exclude<DeliveryStatus, (typeof DELIVERY_STATUSES)[number]>] extends [never] ? true : never = true;
void everyStatusListed;

export const DELIVERY_FIELDS = [
  'id', 'event', 'test', 'status', 'paused_reason', 'attempt_count', 'last_attempt', 'next_attempt_at', 'event_at', 'created_at', 'delivered_at',
] as const;

export function presentDeliveryRecord(delivery: WebhookDeliveryRecord): Record<string, unknown> {
  return {
    id: delivery.id,
    event: delivery.event,
    test: delivery.test,
    status: delivery.status,
    paused_reason: delivery.paused_reason,
    next_attempt_at: delivery.next_attempt_at,
    event_at: delivery.event_at,
    created_at: delivery.created_at,
    delivered_at: delivery.delivered_at,
  };
}

export function presentDeliveryAttempt(attempt: DeliveryAttemptRecord): Record<string, unknown> {
  return {
    attempt: attempt.attempt,
    started_at: attempt.started_at,
    duration_ms: attempt.duration_ms,
    status_code: attempt.status_code,
    error: attempt.error,
    response_excerpt: attempt.response_excerpt,
  };
}

export function presentDeliverySummary(delivery: DeliverySummary): Record<string, unknown> {
  return {
    ...presentDeliveryRecord(delivery),
    attempt_count: delivery.attempt_count,
    last_attempt: delivery.last_attempt ? presentDeliveryAttempt(delivery.last_attempt) : null,
  };
}

/** One delivery: the unsigned message it carries and every attempt, oldest first. */
export function presentDelivery(delivery: DeliveryWithAttempts): Record<string, unknown> {
  return {
    ...presentDeliveryRecord(delivery),
    attempt_count: delivery.attempt_log.length,
    message: delivery.message,
    attempts: delivery.attempt_log.map(presentDeliveryAttempt),
  };
}
