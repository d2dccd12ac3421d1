import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { EventName } from '../events/event-catalogue.js';
import type { AccountId } from '../tenancy/account-id.js';
import type {
  DeliveryAttemptRecord, DeliveryProgress, DeliverySummary, DeliveryWebhook, NewDelivery, NewDeliveryAttempt, WebhookDeliveryRecord, WebhookFailureState,
} from '../webhooks/deliveries/delivery-record.js';
import type { MessageWebhook } from '../webhooks/deliveries/webhook-message.js';

/**
 * Deliveries of webhook messages and their attempts, and the delivery columns
 * of `webhooks` (last_error, consecutive_failures, last_failure_mail_at, and
 * `disabled` when failures disable one). The webhook record itself belongs to
 * WebhookRepository.
 */
export interface WebhookDeliveryRepository {
  /** The account's enabled webhooks for the event: where the fan-out sends it. */
  subscribers(account: AccountId, event: EventName): Promise<MessageWebhook[]>;
  /** Inserts the deliveries whose id is new; returns the ids inserted (a fan-out run twice inserts nothing). */
  insert(account: AccountId, deliveries: readonly NewDelivery[]): Promise<string[]>;
  /**
   * The delivery and its webhook, the delivery row-locked for the rest of the
   * transaction; 'busy' when another transaction holds it (an attempt in
   * flight); null when there is no such delivery.
   */
  claim(account: AccountId, deliveryId: string): Promise<{ delivery: WebhookDeliveryRecord; webhook: DeliveryWebhook } | 'busy' | null>;
  /** Appends an attempt to the log; returns its number. */
  addAttempt(deliveryId: string, attempt: NewDeliveryAttempt): Promise<number>;
  progress(account: AccountId, deliveryId: string, progress: DeliveryProgress): Promise<void>;
  /** A delivered message: the webhook's failure count and last_error are cleared. */
  webhookSucceeded(account: AccountId, webhookId: number): Promise<void>;
  /**
   * One more failure: last_error set, the count increased, and — when no
   * failure e-mail went out in the last `mailIntervalMinutes` — the mail time
   * taken, under the webhook's row lock, so two workers cannot both send one.
   */
  webhookFailed(account: AccountId, webhookId: number, error: string, mailIntervalMinutes: number): Promise<WebhookFailureState>;
  /** Disables an enabled webhook; false when it was disabled already. */
  disableWebhook(account: AccountId, webhookId: number): Promise<boolean>;
  /**
   * The webhook's pending deliveries (not test ones) become paused with this
   * reason, also one whose attempt is in flight (its outcome is still
   * recorded, and a failure leaves it paused). Returns how many were paused.
   */
  pausePending(account: AccountId, webhookId: number, reason: string): Promise<number>;
  /** E-mail addresses of the account's administrators (failure e-mails when mail_exceptions_to is empty). */
  administratorAddresses(account: AccountId): Promise<string[]>;
  /** The webhook of this account, for the test and log endpoints; null when none. */
  webhook(account: AccountId, webhookId: number): Promise<DeliveryWebhook | null>;
  list(account: AccountId, webhookId: number, query: CollectionQuery): Promise<Page<DeliverySummary>>;
  find(account: AccountId, webhookId: number, deliveryId: string): Promise<WebhookDeliveryRecord | null>;
  /** Row-locked, waiting for an attempt in flight to end: a redelivery starts after it. */
  findForUpdate(account: AccountId, webhookId: number, deliveryId: string): Promise<WebhookDeliveryRecord | null>;
  attempts(deliveryId: string): Promise<DeliveryAttemptRecord[]>;
}
