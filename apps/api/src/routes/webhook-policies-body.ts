/**
 * The body of a webhook policy write, read by `writeInput` (libs/http): a
 * field the client cannot set is a 422 naming it (read-only, like the
 * generated `name`, or unknown), not silently dropped, so a client that means
 * to set the name learns it cannot.
 */
import { writeInput } from '@tessera/http';
import { keyRollBodySchema, webhookPolicyBodySchema, webhookPolicyParams, webhookPolicySchema, webhookPolicyWithKeySchema } from './webhook-policies.schema.js';

const BODY = {
  body: webhookPolicyBodySchema,
  what: 'a webhook policy',
  readOnly: [...Object.keys(webhookPolicySchema.shape), ...Object.keys(webhookPolicyWithKeySchema.shape)],
};

export const createWebhookPolicyInput = writeInput(BODY);

export const updateWebhookPolicyInput = writeInput({ params: webhookPolicyParams, ...BODY });

export const keyRollInput = writeInput({ params: webhookPolicyParams, body: keyRollBodySchema, what: 'a key roll' });
