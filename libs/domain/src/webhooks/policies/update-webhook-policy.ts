/**
 * `PATCH /v1/webhook_policies/:id`: changes `disabled`, `jwt_audience`,
 * `jwt_claim_expires_in` or `jwt_alg`. A new `jwt_alg` needs a new key: it is
 * made, replaces the old one at once (receivers need the new public key or
 * secret from then on), and is shown in this answer only, like on create
 * (decision 015). Steps: check the fields → in one transaction: lock the policy
 * → keep what really changes (nothing: the policy as it is) → update → audit
 * line. A key takes a while to make (RSA): it is made before the transaction
 * when the policy's current algorithm differs, so the row lock is not held meanwhile.
 */
import type { AccessContext } from '../../identity/access-context.js';
import { auditPairs, changedFields } from '../../integrations/changed-fields.js';
import type { JwtAlg } from './jwt-alg.js';
import { generatePolicyKey, type PolicyKeyMaterial } from './policy-key-material.js';
import { recordWebhookPolicyChange } from './record-webhook-policy-change.js';
import type { WebhookPolicyDependencies } from './create-webhook-policy.js';
import { lockedWebhookPolicy } from './locked-webhook-policy.js';
import { assertWebhookPolicyAdmin } from './webhook-policy-admin.js';
import { validWebhookPolicyFields, type WebhookPolicyInput } from './webhook-policy-fields.js';
import type { WebhookPolicyFields, WebhookPolicyWithKey } from './webhook-policy-record.js';

export async function updateWebhookPolicy(
  access: AccessContext,
  id: number,
  input: WebhookPolicyInput,
  { uow, sealingKey }: WebhookPolicyDependencies,
): Promise<WebhookPolicyWithKey> {
  assertWebhookPolicyAdmin(access, 'Update');
  const checked = validWebhookPolicyFields(input, false);
  const wantedAlg = checked.jwt_alg;
  const before = wantedAlg === undefined ? null : await uow.repositories.webhookPolicies.find(access.account.id, id);
  let key: PolicyKeyMaterial | null = wantedAlg !== undefined && before && before.jwt_alg !== wantedAlg ? await generatePolicyKey(wantedAlg, sealingKey) : null;
  return uow.transaction(async (tx) => {
    const current = await lockedWebhookPolicy(tx, access, id);
    const changes = changedFields<WebhookPolicyFields>(current, checked);
    if (Object.keys(changes).length === 0) return { policy: current, key: null };
    // Changed in between by another call: made here after all.
    if (changes.jwt_alg !== undefined) key ??= await generatePolicyKey(changes.jwt_alg, sealingKey);
    const newKey = changes.jwt_alg !== undefined ? key : null;
    const policy = await tx.webhookPolicies.update(access.account.id, id, {
      ...changes,
      // A new algorithm ends every older key at once, retiring ones included (decision 026).
      ...(newKey ? { public_key_pem: newKey.publicKeyPem, sealed_key: newKey.sealedKey, key_id: newKey.keyId, retiring_keys: [] } : {}),
    });
    const audit = auditPairs(current, changes);
    await recordWebhookPolicyChange(tx, access, id, 'update', newKey ? { ...audit, signing_key: keyChange(current.jwt_alg, changes.jwt_alg!) } : audit);
    return { policy, key: newKey ? { public_key_pem: newKey.publicKeyPem, secret: newKey.secret } : null };
  });
}

/** What the audit line says of the key: it never holds key material. */
function keyChange(from: JwtAlg, to: JwtAlg): string {
  if (to === 'none') return 'removed';
  return from === 'none' ? 'generated' : 'regenerated';
}
