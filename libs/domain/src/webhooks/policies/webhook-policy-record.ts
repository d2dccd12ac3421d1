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
  /** The current key's id (the JWT's `kid`, the JWKS entry's `kid`); null without a key (`none`). */
  key_id: string | null;
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

/** The key columns written with a new key: the public key in clear, the private key or secret sealed, its id. */
export interface WebhookPolicyKeyColumns {
  public_key_pem: string | null;
  sealed_key: string | null;
  key_id: string | null;
}

/** A key rolled out of a policy, kept to sign beside the new one until `retires_at` (decision 026). */
export interface RetiringKey {
  key_id: string;
  jwt_alg: Exclude<JwtAlg, 'none'>;
  public_key_pem: string | null;
  sealed_key: string;
  retires_at: Date;
}

/** A retiring key as the administrator sees it: never its material. */
export interface RetiringKeyView {
  key_id: string;
  retires_at: Date;
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

/** A key roll's answer: the policy with its new key, and the older keys still signing until their window ends. */
export interface RolledWebhookPolicyKey extends WebhookPolicyWithKey {
  key: { public_key_pem: string | null; secret: string | null };
  retiring_keys: RetiringKeyView[];
}
