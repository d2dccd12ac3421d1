/**
 * The body of a webhook policy write, read by `writeInput` (libs/http): a
 * field the client cannot set is a 422 naming it (read-only, like the
 * generated `name`, or unknown), not silently dropped, so a client that means
 * to set the name learns it cannot.
 */
import { WEBHOOK_POLICY_RECORD, readOnlyNames } from '@tessera/domain';
import { writeInput } from '@tessera/http';
import { keyRollBodySchema, webhookPolicyBodySchema, webhookPolicyParams, webhookPolicyWithKeySchema } from './webhook-policies.schema.js';

const BODY = {
  body: webhookPolicyBodySchema,
  what: WEBHOOK_POLICY_RECORD.what,
  readOnly: [...readOnlyNames(WEBHOOK_POLICY_RECORD), ...Object.keys(webhookPolicyWithKeySchema.shape)],
};

export const createWebhookPolicyInput = writeInput(BODY);

export const updateWebhookPolicyInput = writeInput({ params: webhookPolicyParams, ...BODY });

export const keyRollInput = writeInput({ params: webhookPolicyParams, body: keyRollBodySchema, what: 'a key roll' });
