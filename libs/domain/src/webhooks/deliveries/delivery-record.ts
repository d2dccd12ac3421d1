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
  /** Deliveries sent one at a time in event commit order (decision 052). */
  ordered: boolean;
  mail_exceptions_to: string | null;
  policy: (SigningPolicy & { name: string }) | null;
}

export interface NewDelivery {
  id: string;
  account: AccountId;
  webhookId: number;
  test: boolean;
  message: WebhookMessage;
  eventAt: Date;
  /** The event's place in commit order: its queue job's id (decision 052); null when it came from no job. */
  sequence: string | null;
  /** Its webhook is ordered: queued by `sequence`, never handed off. */
  ordered: boolean;
  /** Set: the delivery is kept paused for this reason (its webhook is disabled), not sent. */
  pausedReason?: string | null;
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

/** The lease of a claimed delivery: an outcome is recorded only while the row still carries this token. */
export interface DeliveryLease {
  id: string;
  token: string;
}

/**
 * A delivery as a dispatcher holds it for one attempt (decision 024): what signing, sending and
 * recording the outcome need, and nothing else.
 */
export interface LeasedDelivery extends Pick<WebhookDeliveryRecord, 'id' | 'account_id' | 'webhook_id' | 'event' | 'test' | 'attempts' | 'next_attempt_at'> {
  /** The unsigned message as the JSON text it is stored as: signed as it is, never parsed again. */
  message: string;
  /** The account URL the message names (its `account`): the JWT issuer. */
  issuer: string;
}

/** A delivery a dispatcher claimed, with the webhook and policy its attempt needs (decision 024). */
export interface ClaimedDelivery {
  delivery: LeasedDelivery;
  webhook: DeliveryWebhook;
  lease: DeliveryLease;
}

export interface ClaimOptions {
  /** The claiming process (its worker id), kept in `leased_by` for operators. */
  leasedBy: string;
  /** How long the lease holds; after that another process may claim the delivery again. */
  leaseMs: number;
  limit: number;
  /** Live leases per webhook, over every process, this claim does not go beyond. */
  perWebhook: number;
  /**
   * This process's sends in flight per webhook. They count instead of its own
   * leases: a lease stays until its outcome is recorded, a moment after the send ended.
   */
  inFlight: ReadonlyArray<{ webhookId: number; count: number }>;
}

/**
 * Deliveries a fan-out inserts already leased to its own process (decision 024, "hand-off"):
 * they skip the claim, as if claimed the moment they were written.
 */
export interface FanOutLease {
  leasedBy: string;
  leaseMs: number;
  /** The ids of the new deliveries to lease; the others are left due for any claim. */
  ids: ReadonlySet<string>;
}

export interface InsertedDeliveries {
  /** The ids inserted (a fan-out run twice inserts nothing). */
  inserted: string[];
  /** The inserted deliveries that carry a lease of FanOutLease. */
  leased: Array<{ delivery: LeasedDelivery; lease: DeliveryLease }>;
}

export interface ClaimResult {
  claimed: ClaimedDelivery[];
  /** Webhooks whose due deliveries were left because of the per-webhook cap. */
  capped: number[];
}

/** A leased delivery as it is when its outcome is recorded (a redelivery or a pause may have changed it meanwhile). */
export interface LeasedDeliveryState {
  id: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  paused_reason: string | null;
}

/** A leased delivery as it is, with the token of the lease it still carries. */
export interface HeldDeliveryState extends LeasedDeliveryState {
  lease_token: string;
  /** Attempts of the delivery the log holds (its queue row's count): the next one is this + 1. */
  logged_attempts: number;
}

/** An attempt to append for a lease still held: numbered by its queue row's count (decision 060). */
export interface HeldDeliveryAttempt extends NewDeliveryAttempt {
  deliveryId: string;
  leaseToken: string;
}

/** What recording an outcome writes to the delivery row; the lease is cleared with it. */
export interface RecordedProgress extends DeliveryProgress {
  id: string;
  leaseToken: string;
  paused_reason: string | null;
}

/**
 * An outcome decided on the delivery as it was claimed (pending, `claimed`'s attempts and due
 * time), to be written only while the row is still so and carries the lease (decision 024).
 */
export interface ProgressAsClaimed {
  progress: RecordedProgress;
  claimed: { attempts: number; next_attempt_at: Date | null };
  attempt: NewDeliveryAttempt;
  webhookId: number;
  /** A message delivered to the webhook: its failure count and last_error are cleared. */
  clearsFailures: boolean;
}

/** `POST /v1/webhooks/:id/redeliver`: deliveries whose event_at is in [from, to) with one of these statuses. */
export interface RedeliveryRange {
  from: Date;
  /** Null: up to now. */
  to: Date | null;
  statuses: ReadonlyArray<'paused' | 'failed'>;
}
