/**
 * Webhooks and attachments as the OpenAPI document shows them (SPEC.md
 * "Webhook"), the webhook's fields from their declaration in the domain
 * (WEBHOOK_RECORD). The presenters in libs/domain write the answers.
 * Bodies check types only (and that every field is a writable one): the use
 * cases check values, all at once.
 */
import { z } from 'zod';
import { ATTACHMENT_KEY_PATTERN, WEBHOOK_RECORD } from '@tessera/domain';
import { answerShape, writeBodyShape } from '@tessera/validation';

const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');
const MAX_ID = 2_147_483_647;

export const webhookParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe('The webhook id; anything but a positive integer is not found'),
});

export const attachmentParams = z.object({
  key: z.string().regex(ATTACHMENT_KEY_PATTERN).describe('The key the upload answered; anything else is not found'),
});

const policyReference = z
  .object({ id: z.int(), name: z.string(), nodeID: nodeId })
  .describe('The webhook policy that signs the messages');

export const attachmentSchema = z
  .object({
    key: z.string().describe('What `description_attachments` refers to'),
    filename: z.string(),
    content_type: z.string(),
    size: z.int().describe('Bytes'),
    inline: z.boolean().describe('Shown in place in the text'),
    uri: z.string().describe('GET it (administrators with `webhook:Read`) for the bytes'),
  })
  .describe('An attachment the description uses');

export const uploadedAttachmentSchema = attachmentSchema.omit({ inline: true }).describe('A stored attachment');

export const webhookSchema = z
  .object({
    ...answerShape(WEBHOOK_RECORD, policyReference.nullable()),
    attachments: z.array(attachmentSchema).describe('Aggregated: the attachments the description uses'),
    nodeID: nodeId,
  })
  .describe('A webhook, with every field');

export const webhookFieldsSchema = webhookSchema
  .omit({ attachments: true })
  .partial()
  .required({ nodeID: true })
  .extend({ id: z.int() })
  .describe('A webhook with the selected fields (by default all but description and mail_exceptions_to; `disabled` and `last_error` only when set)');

// One body for a create and a change: what a create needs is the use case's check ("Event can't be blank").
export const webhookBodySchema = z.strictObject(writeBodyShape(WEBHOOK_RECORD, 'change')).describe('The writable fields of a webhook to set; any other field is refused');

export const attachmentUploadSchema = z
  .object({ file: z.file().describe('The file: one part named `file`, with its filename and Content-Type') })
  .describe('A multipart/form-data upload of one file');
