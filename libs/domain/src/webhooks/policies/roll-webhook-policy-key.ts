/**
 * `POST /v1/webhook_policies/:id/roll_key` (decision 026): a new key for the
 * policy's algorithm signs from now on; the key it replaces keeps signing
 * beside it (a second `webhook-signature` entry; the JWKS keeps listing its
 * public key) until the overlap window ends, so receivers move to the new key
 * without a moment where messages fail to verify. The new key is shown in this
 * answer only, like on create. Steps: check the overlap → make the key
 * (outside the transaction: RSA takes a while) → in one transaction: lock the
 * policy → its stored keys → the keys still in a window → update → audit line.
 */
import { conflict } from '../../errors/domain-error.js';
import { assertValidInput } from '../../errors/input-problems.js';
import type { AccessContext } from '../../identity/access-context.js';
import type { WebhookPolicyDependencies } from './create-webhook-policy.js';
import { DEFAULT_OVERLAP_MINUTES, MAX_OVERLAP_MINUTES, retiringKeysAfterRoll } from './key-roll-window.js';
import { lockedWebhookPolicy } from './locked-webhook-policy.js';
import { generatePolicyKey, type PolicyKeyMaterial } from './policy-key-material.js';
import { recordWebhookPolicyChange } from './record-webhook-policy-change.js';
import { assertWebhookPolicyAdmin } from './webhook-policy-admin.js';
import { describeWebhookPolicy } from './webhook-policy-name.js';
import type { RolledWebhookPolicyKey, WebhookPolicyRecord } from './webhook-policy-record.js';

export interface KeyRollInput {
  overlap_minutes?: number | null;
}

export async function rollWebhookPolicyKey(
  access: AccessContext,
  id: number,
  input: KeyRollInput,
  { uow, sealingKey, now = () => new Date() }: WebhookPolicyDependencies & { now?: () => Date },
): Promise<RolledWebhookPolicyKey> {
  assertWebhookPolicyAdmin(access, 'Update');
  const overlapMinutes = checkedOverlap(input);
  const before = await uow.repositories.webhookPolicies.find(access.account.id, id);
  let key: PolicyKeyMaterial | null = before && before.jwt_alg !== 'none' ? await generatePolicyKey(before.jwt_alg, sealingKey) : null;
  return uow.transaction(async (tx) => {
    const current = await lockedWebhookPolicy(tx, access, id);
    if (current.jwt_alg === 'none') throw noKey(current);
    // The algorithm changed in between: the key is made here after all.
    if (!before || before.jwt_alg !== current.jwt_alg) key = await generatePolicyKey(current.jwt_alg, sealingKey);
    const made = key!;
    const stored = (await tx.webhookPolicies.storedKeys(access.account.id, id))!;
    const retiring = retiringKeysAfterRoll(stored, now(), overlapMinutes);
    const policy = await tx.webhookPolicies.update(access.account.id, id, {
      public_key_pem: made.publicKeyPem, sealed_key: made.sealedKey, key_id: made.keyId, retiring_keys: retiring,
    });
    await recordWebhookPolicyChange(tx, access, id, 'update', {
      key_id: [current.key_id, made.keyId],
      signing_key: 'rolled',
      overlap_minutes: overlapMinutes,
    });
    return {
      policy,
      key: { public_key_pem: made.publicKeyPem, secret: made.secret },
      retiring_keys: retiring.map(({ key_id, retires_at }) => ({ key_id, retires_at })),
    };
  });
}

function checkedOverlap(input: KeyRollInput): number {
  const value = input.overlap_minutes;
  const error =
    value === undefined || value === null ? null
    : !Number.isInteger(value) ? 'Overlap minutes must be a whole number of minutes'
    : value < 0 ? 'Overlap minutes must be greater than or equal to 0'
    : value > MAX_OVERLAP_MINUTES ? `Overlap minutes must be less than or equal to ${MAX_OVERLAP_MINUTES}`
    : null;
  assertValidInput(input, error ? [['overlap_minutes', error]] : []);
  return value ?? DEFAULT_OVERLAP_MINUTES;
}

function noKey(policy: WebhookPolicyRecord) {
  return conflict(`${describeWebhookPolicy(policy)} signs with none: it has no key to roll (set jwt_alg to make one)`);
}
