/**
 * `/v1/attachments`: files that a webhook's description uses (SPEC.md
 * "Webhook" `description_attachments`, `attachments`), stored in PostgreSQL.
 * Upload with `multipart/form-data` (one part named `file`), up to the
 * configured ATTACHMENT_MAX_BYTES; the answer's `key` goes into
 * `description_attachments`. Download answers the bytes as a download
 * (`Content-Disposition: attachment`, `nosniff`), never as a page.
 */
import { presentAttachment } from '@tessera/domain';
import { defineRoute, zodInput, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';
import { receiveFile } from './attachment-upload.js';
import { attachmentParams, attachmentUploadSchema, uploadedAttachmentSchema } from './webhooks.schema.js';
import { WEBHOOKS_TAG } from './webhooks.routes.js';

const WHO = 'Attachments are used by webhook descriptions: administrators upload them with `webhook:Create` and read them with `webhook:Read`; another account\'s attachment is not found.';

export function attachmentsRoutes(services: ApiServices, apiUrl: string, maxBytes: number): RouteTable {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/attachments',
      operationId: 'uploadAttachment',
      tag: WEBHOOKS_TAG,
      summary: 'Upload an attachment',
      description: `${WHO} One part named \`file\` (with its filename and Content-Type), at most ${maxBytes} bytes (413 above), not empty (422).`,
      needs: { role: 'administrator', scope: 'webhook:Create', answer: 'webhook:Read' },
      input: { body: { schema: attachmentUploadSchema, mediaTypes: ['multipart/form-data'] }, parse: () => undefined },
      responses: { 201: { description: 'The stored attachment; its key goes into description_attachments', schema: uploadedAttachmentSchema } },
      errors: [422],
      handler: async ({ req, res, access }) => {
        const attachment = await services.uploadAttachment(access, await receiveFile(req, maxBytes));
        res.status(201).json(presentAttachment(attachment, apiUrl));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/attachments/:key',
      operationId: 'downloadAttachment',
      tag: WEBHOOKS_TAG,
      summary: 'Download an attachment',
      description: `${WHO} The body is the file, with its Content-Type and \`Content-Disposition: attachment\`.`,
      needs: { role: 'administrator', scope: 'webhook:Read' },
      input: zodInput({ params: attachmentParams }),
      responses: { 200: { description: 'The bytes of the file' } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        const attachment = await services.readAttachment(access, params.key);
        res.attachment(attachment.filename);
        res.setHeader('Content-Type', attachment.content_type);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'private, no-cache');
        res.status(200).end(attachment.data);
      },
    }),
  ];
}
