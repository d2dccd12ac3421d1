import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { WebhookChanges, WebhookFields, WebhookPolicyRef, WebhookRecord } from './webhook-record.js';

/** Webhooks of one account (SPEC.md "Webhook"), each with its policy reference. */
export interface WebhookRepository {
  find(account: AccountId, id: number): Promise<WebhookRecord | null>;
  /** Row-locked until the transaction ends: changes of one webhook happen one after the other. */
  findForUpdate(account: AccountId, id: number): Promise<WebhookRecord | null>;
  list(account: AccountId, query: CollectionQuery): Promise<Page<WebhookRecord>>;
  insert(account: AccountId, fields: WebhookFields): Promise<WebhookRecord>;
  /** Sets the given columns and updated_at (also for no column: another part of the webhook changed). */
  update(account: AccountId, id: number, changes: WebhookChanges): Promise<WebhookRecord>;
  delete(account: AccountId, id: number): Promise<void>;
  /**
   * The webhook policy of this account with that id, as a webhook shows it;
   * null when the account has none. Inside a transaction the policy cannot be
   * deleted until it ends, so a webhook may refer to it.
   */
  findPolicy(account: AccountId, policyId: number): Promise<WebhookPolicyRef | null>;
}
