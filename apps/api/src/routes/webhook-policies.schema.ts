/**
 * Webhook policies as the OpenAPI document shows them (REFERENCE.md
 * "Webhooks"), the policy's fields from their declaration in the domain
 * (WEBHOOK_POLICY_RECORD). The presenters in libs/domain write the answers;
 * apps/api/test/webhook-policies.spec.ts checks real answers against these.
 * Bodies check types only: the use case checks values, all at once. A body
 * field that is not writable is a 422 naming it (webhook-policies-body.ts).
 */
import { z } from 'zod';
import { DEFAULT_OVERLAP_MINUTES, MAX_OVERLAP_MINUTES, WEBHOOK_POLICY_RECORD } from '@tessera/domain';
import { answerShape, writeBodyShape } from '@tessera/validation';

const datetime = z.iso.datetime({ offset: true });
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');

export const webhookPolicyParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(2_147_483_647)).describe('The webhook policy id; anything but a positive integer is not found'),
});

export const webhookPolicySchema = z
  .object({ ...answerShape(WEBHOOK_POLICY_RECORD, z.null()), nodeID: nodeId })
  .describe('A webhook policy (never its key material)');

export const webhookPolicyFieldsSchema = webhookPolicySchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('A webhook policy with the selected fields');

export const webhookPolicyWithKeySchema = webhookPolicySchema
  .extend({
    public_key_pem: z.string().nullable().describe('`rs*`, `es*`, `ed25519`: the public key (SPKI PEM) that verifies the JWTs (and the `v1a` signatures); null for `hs*` and `none`. Shown in this answer only; the account’s webhook-keys.json publishes it too'),
    secret: z.string().optional().describe('`hs*` only: the shared secret, `whsec_<base64>`; the HMAC key is the base64-decoded part. Shown in this answer only; stored sealed'),
  })
  .describe('A webhook policy with the key material made by this call');

export const rolledWebhookPolicyKeySchema = webhookPolicyWithKeySchema
  .extend({
    retiring_keys: z
      .array(z.object({ key_id: z.string(), retires_at: datetime.describe('The end of its overlap window: from then on it signs nothing and leaves the JWKS') }))
      .describe('The keys that keep signing beside the new one (a second `webhook-signature` entry; listed in webhook-keys.json), newest first'),
  })
  .describe('The policy with its new key (shown this once) and the keys still in their overlap window');

export const keyRollBodySchema = z
  .strictObject({
    overlap_minutes: z
      .number()
      .nullable()
      .optional()
      .describe(`How long the key rolled out keeps signing beside the new one: 0 to ${MAX_OVERLAP_MINUTES} minutes (7 days); null or absent: ${DEFAULT_OVERLAP_MINUTES} (24 h). 0 ends it, and every older key, at once`),
  })
  .describe('The key roll; an empty body takes the default overlap');

// One body for a create and a change: what a create needs is the use case's check ("Jwt alg can't be blank").
export const webhookPolicyBodySchema = z
  .strictObject(writeBodyShape(WEBHOOK_POLICY_RECORD, 'change'))
  .describe('The fields of a webhook policy to set; any other field is refused');
