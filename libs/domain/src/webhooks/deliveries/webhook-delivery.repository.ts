import type { CollectionQuery, Page } from '../../collections/collection-query.js';
import type { EventName } from '../../events/event-catalogue.js';
import type { AccountId } from '../../tenancy/account-id.js';
import type {
  ClaimOptions, ClaimResult, DeliveryAttemptRecord, DeliveryLease, DeliveryProgress, DeliverySummary, DeliveryWebhook, FanOutLease, InsertedDeliveries,
  HeldDeliveryAttempt, HeldDeliveryState, NewDelivery,
  ProgressAsClaimed, RecordedProgress, RedeliveryRange, WebhookDeliveryRecord, WebhookFailureState,
} from './delivery-record.js';

/** An account's event: whose webhooks a fan-out looks up. */
export interface SubscriptionKey {
  account: AccountId;
  event: EventName;
}

/**
 * Deliveries of webhook messages and their attempts, and the delivery columns
 * of `webhooks` (last_error, consecutive_failures, last_failure_mail_at, and
 * `disabled` when failures disable one). The webhook record itself belongs to
 * WebhookRepository.
 */
export interface WebhookDeliveryRepository {
  /**
   * The webhooks of each account for each event, enabled or disabled (where a fan-out sends
   * it or keeps it paused), with the policy that signs: one statement for a batch of events.
   */
  subscribers(keys: readonly SubscriptionKey[]): Promise<DeliveryWebhook[]>;
  /**
   * Inserts the deliveries whose id is new (pending and due now, or paused
   * with their reason), of any accounts; those `lease` names are inserted
   * leased to its process. New pending deliveries left unleased wake the
   * dispatchers at commit.
   */
  insert(deliveries: readonly NewDelivery[], lease?: FanOutLease): Promise<InsertedDeliveries>;
  /**
   * Leases due deliveries of any account (decision 024): pending, due, their
   * lease free or expired, never one another claimer holds, at most
   * `perWebhook` live leases per webhook; with each its webhook and policy.
   */
  claimDue(options: ClaimOptions): Promise<ClaimResult>;
  /** Lets go of leases not used (a graceful stop): the deliveries are due again for any process. */
  releaseLeases(leases: readonly DeliveryLease[]): Promise<number>;
  /** Row-locks the webhooks (ascending id, the order a deletion takes) before their deliveries; returns which are disabled. */
  lockWebhooks(webhookIds: readonly number[]): Promise<Map<number, { disabled: boolean }>>;
  /** The leased deliveries still carrying their token, row-locked; a lease lost (expired and claimed again, or its delivery deleted) is missing. */
  leasedStates(leases: readonly DeliveryLease[]): Promise<HeldDeliveryState[]>;
  /** Writes the outcomes' progress and clears their leases (compare-and-set on the token); returns the ids written. */
  recordProgress(rows: readonly RecordedProgress[]): Promise<string[]>;
  /**
   * The common outcome batch in one statement, no transaction around it: locks the webhooks
   * (ascending id) and the deliveries' queue rows (ascending id), and for each outcome that ends
   * its delivery (delivered, or a test delivery ended) whose queue row still carries its lease
   * and was neither redelivered nor paused since the claim, deletes the queue row and appends the
   * attempt with the next number (else nothing of it; an outcome leaving its delivery pending is
   * never written here); clears the failures of the webhooks it names. The delivery's log row is
   * not written: its state is derived (decision 060). Returns the lease tokens written (an outcome
   * of a stale lease may share the batch with its delivery's newer one).
   */
  recordAsClaimed(rows: readonly ProgressAsClaimed[]): Promise<string[]>;
  /**
   * Appends the attempts of leases still held, each numbered by the count its delivery's queue row
   * carries + 1 (counted with it); before `recordProgress`, which deletes the queue row of a
   * delivery no longer pending.
   */
  addAttempts(attempts: readonly HeldDeliveryAttempt[]): Promise<void>;
  /** A fresh series for one delivery, due now, its lease left as it is (an attempt in flight ends first); wakes the dispatchers. */
  requeue(account: AccountId, deliveryId: string): Promise<DeliveryProgress>;
  /** Up to `limit` deliveries of the range: a fresh series each, due now; returns how many (fewer than `limit`: the range is done). */
  requeueRange(account: AccountId, webhookId: number, range: RedeliveryRange, limit: number): Promise<number>;
  /** Delivered messages: each webhook's failure count and last_error are cleared. */
  webhooksSucceeded(webhookIds: readonly number[]): Promise<void>;
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
  /** Where the delivery log begins (decision 057): older deliveries were dropped with their week; null while it holds none. */
  logSince(): Promise<Date | null>;
  find(account: AccountId, webhookId: number, deliveryId: string): Promise<WebhookDeliveryRecord | null>;
  /** Row-locked: a redelivery and the recording of an outcome take turns. */
  findForUpdate(account: AccountId, webhookId: number, deliveryId: string): Promise<WebhookDeliveryRecord | null>;
  attempts(account: AccountId, deliveryId: string): Promise<DeliveryAttemptRecord[]>;
}
