/**
 * The webhook policy JSON of the REST API (REFERENCE.md "Webhooks"): its
 * fields, datetimes ISO 8601, and `nodeID` (node type `WebhookPolicy`). The key
 * material (`public_key_pem`, and `secret` for `hs*`) only in the answer of
 * the call that made it.
 */
import { encodeNodeId } from '../../node-id.js';
import { WEBHOOK_POLICY_NODE_TYPE } from './record-webhook-policy-change.js';
import type { RolledWebhookPolicyKey, WebhookPolicyRecord, WebhookPolicyWithKey } from './webhook-policy-record.js';

export function presentWebhookPolicy(policy: WebhookPolicyRecord): Record<string, unknown> {
  return {
    id: policy.id,
    name: policy.name,
    disabled: policy.disabled,
    jwt_alg: policy.jwt_alg,
    jwt_audience: policy.jwt_audience,
    jwt_claim_expires_in: policy.jwt_claim_expires_in,
    key_id: policy.key_id,
    created_at: policy.created_at,
    updated_at: policy.updated_at,
    nodeID: encodeNodeId(WEBHOOK_POLICY_NODE_TYPE, policy.id),
  };
}

/**
 * A policy with the key material made by this call (create, or an update that
 * changed `jwt_alg`); without new material, the plain policy.
 */
export function presentWebhookPolicyWithKey({ policy, key }: WebhookPolicyWithKey): Record<string, unknown> {
  if (!key) return presentWebhookPolicy(policy);
  return { ...presentWebhookPolicy(policy), public_key_pem: key.public_key_pem, ...(key.secret !== null ? { secret: key.secret } : {}) };
}

/** A key roll's answer (decision 026): the policy with its new key, and the older keys still signing until `retires_at`. */
export function presentRolledWebhookPolicyKey(rolled: RolledWebhookPolicyKey): Record<string, unknown> {
  return { ...presentWebhookPolicyWithKey(rolled), retiring_keys: rolled.retiring_keys.map(({ key_id, retires_at }) => ({ key_id, retires_at })) };
}
