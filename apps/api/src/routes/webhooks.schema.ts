/**
 * Webhooks and attachments as the OpenAPI document shows them (SPEC.md
 * "Webhook"). The presenters in libs/domain write the answers;
 * apps/api/test/webhooks-openapi.spec.ts checks real answers against these.
 * Bodies check types only (and that every field is a writable one): the use
 * cases check values, all at once.
 */
import { z } from 'zod';
import {
  DESCRIPTION_ATTACHMENTS_MAX, EVENT_NAMES, MAIL_EXCEPTIONS_TO_MAX_ADDRESSES, WEBHOOK_NAME_MAX_LENGTH, WEBHOOK_SOURCE_ID_MAX_LENGTH,
  WEBHOOK_SOURCE_MAX_LENGTH, WEBHOOK_URI_MAX_LENGTH, ATTACHMENT_KEY_PATTERN,
} from '@tessera/domain';
import { reference } from '@tessera/validation';

const datetime = z.iso.datetime({ offset: true });
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
    id: z.int(),
    name: z.string().describe('Defaults to the event name'),
    event: z.enum(EVENT_NAMES as [string, ...string[]]).describe('The event that fires the webhook'),
    uri: z.string().describe('Where the messages are POSTed'),
    description: z.string().nullable(),
    disabled: z.boolean().describe('A disabled webhook receives nothing but tests; in a list shown only when true'),
    mail_exceptions_to: z.string().nullable().describe('Addresses informed when a delivery fails, `a@x.example, b@y.example`'),
    webhook_policy: policyReference.nullable(),
    source: z.string().nullable(),
    sourceID: z.string().nullable(),
    last_error: z.string().nullable().describe('Text of the failure when the last delivery failed; in a list shown only then'),
    created_at: datetime,
    updated_at: datetime.describe('Equals created_at when never updated'),
    attachments: z.array(attachmentSchema).describe('Aggregated: the attachments the description uses'),
    nodeID: nodeId,
  })
  .describe('A webhook, with every field');

export const webhookFieldsSchema = webhookSchema
  .omit({ attachments: true })
  .partial()
  .required({ id: true, nodeID: true })
  .describe('A webhook with the selected fields (by default all but description and mail_exceptions_to; `disabled` and `last_error` only when set)');

const attachmentUse = z.strictObject({
  key: z.string().max(64).describe('The key an upload (POST /attachments) answered'),
  inline: z.boolean().optional().describe('Default false'),
});

export const webhookBodySchema = z
  .strictObject({
    name: z.string().nullable().optional().describe(`At most ${WEBHOOK_NAME_MAX_LENGTH} characters; blank or null: the event name`),
    event: z.string().optional().describe('Required on create: one event name, e.g. `request.create` (the values of `event` in the Webhook schema)'),
    uri: z.string().optional().describe(`Required on create: an absolute http or https URI without credentials, at most ${WEBHOOK_URI_MAX_LENGTH} characters`),
    description: z.string().nullable().optional().describe('At most 64 KB'),
    description_attachments: z
      .array(attachmentUse)
      .max(DESCRIPTION_ATTACHMENTS_MAX)
      .optional()
      .describe('Writeonly: replaces the attachments the description uses; uploaded first with POST /attachments'),
    disabled: z.boolean().optional().describe('Default false; turning a webhook back on restarts its count of consecutive failures'),
    mail_exceptions_to: z.string().nullable().optional().describe(`Comma-separated e-mail addresses, at most ${MAIL_EXCEPTIONS_TO_MAX_ADDRESSES}`),
    ...reference('webhook_policy', z.int().min(1).max(MAX_ID).nullable().optional().describe('The id of a webhook policy of the account; null: unsigned messages')),
    source: z.string().nullable().optional().describe(`At most ${WEBHOOK_SOURCE_MAX_LENGTH} characters`),
    sourceID: z.string().nullable().optional().describe(`At most ${WEBHOOK_SOURCE_ID_MAX_LENGTH} characters`),
  })
  .describe('The writable fields of a webhook to set; any other field is refused');

export const attachmentUploadSchema = z
  .object({ file: z.file().describe('The file: one part named `file`, with its filename and Content-Type') })
  .describe('A multipart/form-data upload of one file');
