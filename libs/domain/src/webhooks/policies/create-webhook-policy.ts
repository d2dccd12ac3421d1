/**
 * `POST /v1/webhook_policies` (REFERENCE.md "Webhooks"): a new policy of the
 * call's account, with key material made for its algorithm and shown in this
 * answer only. Steps: check the fields → make the key (outside the
 * transaction: an RSA key takes a while) → in one transaction: insert, named
 * after the id it draws (webhook-policy-name.ts) → audit line.
 */
import type { AccessContext } from '../../identity/access-context.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { generatePolicyKey } from './policy-key-material.js';
import { recordWebhookPolicyChange } from './record-webhook-policy-change.js';
import type { SealingKey } from './sealing-key.js';
import { assertWebhookPolicyAdmin } from './webhook-policy-admin.js';
import { validWebhookPolicyFields, type WebhookPolicyInput } from './webhook-policy-fields.js';
import { webhookPolicyName } from './webhook-policy-name.js';
import type { WebhookPolicyFields, WebhookPolicyWithKey } from './webhook-policy-record.js';

export interface WebhookPolicyDependencies {
  uow: UnitOfWork<'auditLines' | 'jobs' | 'webhookPolicies'>;
  sealingKey: SealingKey;
}

export async function createWebhookPolicy(access: AccessContext, input: WebhookPolicyInput, { uow, sealingKey }: WebhookPolicyDependencies): Promise<WebhookPolicyWithKey> {
  assertWebhookPolicyAdmin(access, 'Create');
  const checked = validWebhookPolicyFields(input, true);
  const fields: WebhookPolicyFields = {
    disabled: checked.disabled ?? false,
    jwt_alg: checked.jwt_alg!,
    jwt_audience: checked.jwt_audience ?? null,
    jwt_claim_expires_in: checked.jwt_claim_expires_in ?? null,
  };
  const key = await generatePolicyKey(fields.jwt_alg, sealingKey);
  return uow.transaction(async (tx) => {
    const policy = await tx.webhookPolicies.insert(access.account.id, { ...fields, public_key_pem: key.publicKeyPem, sealed_key: key.sealedKey, key_id: key.keyId }, webhookPolicyName);
    await recordWebhookPolicyChange(tx, access, policy.id, 'create', { name: policy.name, ...fields });
    return { policy, key: { public_key_pem: key.publicKeyPem, secret: key.secret } };
  });
}
