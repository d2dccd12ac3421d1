/**
 * The fields of a webhook policy, declared once (docs/decisions/031; the
 * mechanism is records/record-fields.ts): the REST body of
 * `POST`/`PATCH /v1/webhook_policies`, its answer's schema, the collection
 * rules and `WebhookPolicyInput` derive from it. The checks of the values,
 * with the messages the policies have always answered, are
 * checkWebhookPolicyInput's (webhook-policy-fields.ts); the key material is
 * never a field of the record.
 */
import { declareRecord } from '../../records/record-fields.js';
import { JWT_ALGS } from './jwt-alg.js';

export const JWT_AUDIENCE_MAX_LENGTH = 255;
/** A year of minutes. */
export const JWT_CLAIM_EXPIRES_IN_MAX = 525_600;

const ALL = { default: true, sort: true, filter: true } as const;
const NOT_LISTED = { sort: true, filter: true } as const;

export const WEBHOOK_POLICY_RECORD = declareRecord('a webhook policy', {
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The webhook policy id', collection: ALL },
  name: { type: 'text', notBlank: true, description: 'Generated, read-only: `Webhook policy <id>`', collection: ALL },
  disabled: {
    type: 'boolean', write: 'change', notBlank: true, nullable: false, description: 'Disabled',
    note: 'A disabled policy signs nothing: the messages of its webhooks fail with that reason until it is enabled; default false', collection: { default: true, filter: true },
  },
  jwt_alg: {
    type: 'enum', values: JWT_ALGS, anyCase: true, write: 'change', required: true, nullable: false, collection: ALL,
    description:
      'How messages are signed: `none` (an unsecured JWT), `hs*` (HMAC with the shared secret; also `webhook-signature: v1,…`), `rs*` (RSA 2048), ' +
      '`es*` (P-256, P-384, P-521), `ed25519` (an EdDSA JWT and the Standard Webhooks asymmetric `webhook-signature: v1a,…`)',
    note: 'Required on create; changing it makes a new key, returned in the answer',
  },
  jwt_audience: { type: 'text', max: JWT_AUDIENCE_MAX_LENGTH, write: 'change', description: 'The `aud` claim', note: 'Null or blank: none' },
  jwt_claim_expires_in: { type: 'integer', min: 1, max: JWT_CLAIM_EXPIRES_IN_MAX, write: 'change', description: 'Minutes from signing to the `exp` claim', note: 'Null: 5' },
  // Read-only: what the service sets.
  key_id: {
    type: 'text', description: 'The current key’s id: the JWT’s `kid` header and the `kid` of its entry in the account’s webhook-keys.json', note: 'Null for `none`',
    collection: { filter: true },
  },
  created_at: { type: 'datetime', notBlank: true, description: 'When the policy was created', collection: NOT_LISTED },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the policy last changed', collection: NOT_LISTED },
});
