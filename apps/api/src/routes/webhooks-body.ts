/**
 * The body of POST and PATCH /webhooks, read by `writeInput` (libs/http): a
 * value of the wrong type is a 422 naming the field, and so is a field a
 * client cannot set (a read-only one such as `id`, or one a webhook does not
 * have), rather than silently dropped: a typo like `diabled` must not look
 * like it worked. The use case reports those with its own problems.
 */
import { WEBHOOK_RECORD, readOnlyNames } from '@tessera/domain';
import { writeInput } from '@tessera/http';
import { webhookBodySchema, webhookParams } from './webhooks.schema.js';

const BODY = { body: webhookBodySchema, what: WEBHOOK_RECORD.what, readOnly: [...readOnlyNames(WEBHOOK_RECORD), 'attachments', 'nodeID'] };

export const createWebhookInput = writeInput(BODY);

export const updateWebhookInput = writeInput({ params: webhookParams, ...BODY });
