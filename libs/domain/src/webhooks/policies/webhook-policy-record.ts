/**
 * A webhook policy (REFERENCE.md "Webhooks"): how the messages of the webhooks
 * that reference it are signed. Fields as stored, snake_case, as every answer
 * shows them. Its key material is not part of the record: the public key PEM
 * and the sealed private key or secret are written once and read only by the
 * signer, so no read of the API can return them by mistake.
 */
import type { AccountId } from '../../tenancy/account-id.js';
import type { JwtAlg } from './jwt-alg.js';

export interface WebhookPolicyRecord {
  id: number;
  account_id: AccountId;
  /** Generated, read-only: `Webhook policy <n>`, unique in the account. */
  name: string;
  disabled: boolean;
  jwt_alg: JwtAlg;
  jwt_audience: string | null;
  /** Minutes from signing to `exp`; null: DEFAULT_JWT_EXPIRES_IN_MINUTES. */
  jwt_claim_expires_in: number | null;
  created_at: Date;
  updated_at: Date;
}

/** What an administrator sets on a policy. */
export interface WebhookPolicyFields {
  disabled: boolean;
  jwt_alg: JwtAlg;
  jwt_audience: string | null;
  jwt_claim_expires_in: number | null;
}

/** The key columns written with a new algorithm: the public key in clear, the private key or secret sealed. */
export interface WebhookPolicyKeyColumns {
  public_key_pem: string | null;
  sealed_key: string | null;
}

export type NewWebhookPolicy = WebhookPolicyFields & WebhookPolicyKeyColumns;

/** A webhook that references a policy, as a refused delete names it. */
export interface WebhookUsingPolicy {
  id: number;
  name: string;
}

/**
 * A policy with the key material made for it, given to the administrator in
 * the answer of the call that made it and never again: the public key (`rs*`,
 * `es*`) or the secret (`hs*`).
 */
export interface WebhookPolicyWithKey {
  policy: WebhookPolicyRecord;
  /** Null when the call made no key (an update that kept the algorithm). */
  key: { public_key_pem: string | null; secret: string | null } | null;
}
