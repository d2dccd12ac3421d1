/**
 * Webhook policies as the OpenAPI document shows them (REFERENCE.md
 * "Webhooks"). The presenters in libs/domain write the answers;
 * apps/api/test/webhook-policies.spec.ts checks real answers against these.
 * Bodies check types only: the use case checks values, all at once. A body
 * field that is not writable is a 422 naming it (webhook-policies-body.ts).
 */
import { z } from 'zod';
import { DEFAULT_OVERLAP_MINUTES, JWT_ALGS, JWT_AUDIENCE_MAX_LENGTH, JWT_CLAIM_EXPIRES_IN_MAX, MAX_OVERLAP_MINUTES } from '@tessera/domain';

const datetime = z.iso.datetime({ offset: true });
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');

export const webhookPolicyParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(2_147_483_647)).describe('The webhook policy id; anything but a positive integer is not found'),
});

export const webhookPolicySchema = z
  .object({
    id: z.int(),
    name: z.string().describe('Generated, read-only: `Webhook policy <id>`'),
    disabled: z.boolean().describe('A disabled policy signs nothing: the messages of its webhooks fail with that reason until it is enabled'),
    jwt_alg: z.enum(JWT_ALGS).describe(
      'How messages are signed: `none` (an unsecured JWT), `hs*` (HMAC with the shared secret; also `webhook-signature: v1,…`), `rs*` (RSA 2048), ' +
        '`es*` (P-256, P-384, P-521), `ed25519` (an EdDSA JWT and the Standard Webhooks asymmetric `webhook-signature: v1a,…`)',
    ),
    jwt_audience: z.string().nullable().describe('The `aud` claim; null: none'),
    jwt_claim_expires_in: z.int().nullable().describe('Minutes from signing to the `exp` claim; null: 5'),
    key_id: z.string().nullable().describe('The current key’s id: the JWT’s `kid` header and the `kid` of its entry in the account’s webhook-keys.json; null for `none`'),
    created_at: datetime,
    updated_at: datetime,
    nodeID: nodeId,
  })
  .describe('A webhook policy (never its key material)');

export const webhookPolicyFieldsSchema = webhookPolicySchema.partial().required({ id: true, nodeID: true }).describe('A webhook policy with the selected fields');

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

export const webhookPolicyBodySchema = z
  .strictObject({
    jwt_alg: z.string().optional().describe(`Required on create: ${JWT_ALGS.join(', ')} (any letter case). Changing it makes a new key, returned in the answer`),
    jwt_audience: z.string().nullable().optional().describe(`The \`aud\` claim, at most ${JWT_AUDIENCE_MAX_LENGTH} characters; null or blank: none`),
    jwt_claim_expires_in: z.number().nullable().optional().describe(`Minutes from signing to \`exp\`, 1 to ${JWT_CLAIM_EXPIRES_IN_MAX}; null: 5`),
    disabled: z.boolean().optional().describe('Default false'),
  })
  .describe('The fields of a webhook policy to set; any other field is refused');
