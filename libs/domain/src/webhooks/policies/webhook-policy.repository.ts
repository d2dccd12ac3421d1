import type { CollectionQuery, Page } from '../../collections/collection-query.js';
import type { AccountId } from '../../tenancy/account-id.js';
import type { PublishedKey } from './published-key.js';
import type {
  NewWebhookPolicy, RetiringKey, WebhookPolicyFields, WebhookPolicyKeyColumns, WebhookPolicyRecord, WebhookUsingPolicy,
} from './webhook-policy-record.js';

/** A policy's keys as stored, sealed: what a key roll moves (decision 026). Never in an answer. */
export interface StoredPolicyKeys extends WebhookPolicyKeyColumns {
  jwt_alg: WebhookPolicyRecord['jwt_alg'];
  retiring_keys: RetiringKey[];
}

/** Webhook policies of one account (REFERENCE.md "Webhooks"). Reads never return key material. */
export interface WebhookPolicyRepository {
  find(account: AccountId, id: number): Promise<WebhookPolicyRecord | null>;
  /** Row-locked until the transaction ends: changes of one policy happen one after the other. */
  findForUpdate(account: AccountId, id: number): Promise<WebhookPolicyRecord | null>;
  list(account: AccountId, query: CollectionQuery): Promise<Page<WebhookPolicyRecord>>;
  /** Inserts the policy under a new id, named `nameOf(id)` by the same insert. */
  insert(account: AccountId, policy: NewWebhookPolicy, nameOf: (id: number) => string): Promise<WebhookPolicyRecord>;
  /** Sets the given fields (and key columns, when the key changed) and updated_at. */
  update(account: AccountId, id: number, changes: Partial<WebhookPolicyFields & WebhookPolicyKeyColumns & { retiring_keys: RetiringKey[] }>): Promise<WebhookPolicyRecord>;
  /** The policy's current and retiring keys, sealed, for a key roll of a policy the caller has locked. */
  storedKeys(account: AccountId, id: number): Promise<StoredPolicyKeys | null>;
  /**
   * The public keys of the account's enabled policies (rs*, es*, ed25519): each current key and
   * each retiring key whose window has not ended, for the account's JWKS.
   */
  publishedKeys(account: AccountId): Promise<PublishedKey[]>;
  /** The webhooks of the account that reference the policy, by id. */
  webhooksUsing(account: AccountId, id: number): Promise<WebhookUsingPolicy[]>;
  /**
   * Deletes the policy, unless a webhook references it (the store refuses:
   * its foreign key is RESTRICT); then the webhooks that do, and nothing deleted.
   */
  delete(account: AccountId, id: number): Promise<{ usedBy: WebhookUsingPolicy[] }>;
}
