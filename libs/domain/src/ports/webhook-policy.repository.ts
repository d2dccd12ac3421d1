import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccountId } from '../tenancy/account-id.js';
import type {
  NewWebhookPolicy, WebhookPolicyFields, WebhookPolicyKeyColumns, WebhookPolicyRecord, WebhookUsingPolicy,
} from '../webhooks/policies/webhook-policy-record.js';

/** Webhook policies of one account (REFERENCE.md "Webhooks"). Reads never return key material. */
export interface WebhookPolicyRepository {
  find(account: AccountId, id: number): Promise<WebhookPolicyRecord | null>;
  /** Row-locked until the transaction ends: changes of one policy happen one after the other. */
  findForUpdate(account: AccountId, id: number): Promise<WebhookPolicyRecord | null>;
  list(account: AccountId, query: CollectionQuery): Promise<Page<WebhookPolicyRecord>>;
  /** Inserts the policy under a new id, named `nameOf(id)` by the same insert. */
  insert(account: AccountId, policy: NewWebhookPolicy, nameOf: (id: number) => string): Promise<WebhookPolicyRecord>;
  /** Sets the given fields (and key columns, when the algorithm changed) and updated_at. */
  update(account: AccountId, id: number, changes: Partial<WebhookPolicyFields & WebhookPolicyKeyColumns>): Promise<WebhookPolicyRecord>;
  /** The webhooks of the account that reference the policy, by id. */
  webhooksUsing(account: AccountId, id: number): Promise<WebhookUsingPolicy[]>;
  /**
   * Deletes the policy, unless a webhook references it (the store refuses:
   * its foreign key is RESTRICT); then the webhooks that do, and nothing deleted.
   */
  delete(account: AccountId, id: number): Promise<{ usedBy: WebhookUsingPolicy[] }>;
}
