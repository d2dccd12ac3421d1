/**
 * A delivery: one message to one webhook, its id the delivery id sent on
 * every attempt (REFERENCE.md "Webhooks"), and the log of its attempts.
 */
import type { EventName } from '../../events/event-catalogue.js';
import type { AccountId } from '../../tenancy/account-id.js';
import type { SigningPolicy } from '../policies/signing-policy.js';
import type { WebhookMessage } from './webhook-message.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'paused';

export interface WebhookDeliveryRecord {
  id: string;
  account_id: AccountId;
  webhook_id: number;
  event: string;
  /** A test delivery (POST /webhooks/:id/test): sent also to a disabled webhook, never counted as its failure. */
  test: boolean;
  message: WebhookMessage;
  status: DeliveryStatus;
  /** Why a `paused` delivery is kept unsent (PAUSED_REASONS); null in every other status. */
  paused_reason: string | null;
  /** Attempts of the current series (a redelivery starts a new one). */
  attempts: number;
  next_attempt_at: Date | null;
  /** When the change that caused it committed. */
  event_at: Date;
  created_at: Date;
  delivered_at: Date | null;
}

export interface DeliveryAttemptRecord {
  /** Numbered from 1 over the delivery's whole life, across redeliveries. */
  attempt: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  /** The first 1 KB of the response body. */
  response_excerpt: string | null;
}

export type NewDeliveryAttempt = Omit<DeliveryAttemptRecord, 'attempt'>;

/** A delivery as the collection shows it: with the number of its attempts and the last one. */
export interface DeliverySummary extends WebhookDeliveryRecord {
  attempt_count: number;
  last_attempt: DeliveryAttemptRecord | null;
}

export interface DeliveryWithAttempts extends WebhookDeliveryRecord {
  attempt_log: DeliveryAttemptRecord[];
}

/** The webhook as a delivery needs it: where to, who to tell, and the policy that signs. */
export interface DeliveryWebhook {
  id: number;
  account_id: AccountId;
  name: string;
  event: EventName;
  uri: string;
  disabled: boolean;
  mail_exceptions_to: string | null;
  policy: (SigningPolicy & { name: string }) | null;
}

export interface NewDelivery {
  id: string;
  webhookId: number;
  test: boolean;
  message: WebhookMessage;
  eventAt: Date;
}

/** What an attempt changes on the delivery row. */
export interface DeliveryProgress {
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
}

/** A webhook's failure state after one more failed attempt. */
export interface WebhookFailureState {
  consecutiveFailures: number;
  /** This failure is the first for `mailInterval` minutes: the one that sends a failure e-mail. */
  mailDue: boolean;
}
