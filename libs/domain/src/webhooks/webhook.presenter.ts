/**
 * The webhook JSON of SPEC.md "Webhook": REST names (`sourceID`), datetimes
 * ISO 8601, `nodeID` (node type `Webhook`), the policy as `{id, name, nodeID}`.
 * - One webhook (GET /webhooks/:id and the answers of POST and PATCH): every
 *   field, with `attachments` (aggregated; `description_attachments` is
 *   writeonly and never shown).
 * - In a list: "omits description and mail_exceptions_to" (the collection's
 *   default fields, webhook-declaration.ts), "shows `disabled` only for disabled
 *   webhooks" (and `ordered` only for ordered ones, decision 052) and `last_error` only "for a webhook whose last delivery failed".
 */
import { encodeNodeId } from '../node-id.js';
import type { AttachmentRecord, LinkedAttachment } from './attachments/attachment-record.js';
import type { WebhookRecord } from './webhook-record.js';

export const attachmentUri = (apiUrl: string, key: string) => `${apiUrl}/attachments/${key}`;

function fieldsOf(webhook: WebhookRecord): Record<string, unknown> {
  const policy = webhook.webhook_policy;
  return {
    id: webhook.id,
    name: webhook.name,
    event: webhook.event,
    uri: webhook.uri,
    description: webhook.description,
    disabled: webhook.disabled,
    ordered: webhook.ordered,
    mail_exceptions_to: webhook.mail_exceptions_to,
    webhook_policy: policy && { id: policy.id, name: policy.name, nodeID: encodeNodeId('WebhookPolicy', policy.id) },
    source: webhook.source,
    sourceID: webhook.source_id,
    last_error: webhook.last_error,
    created_at: webhook.created_at,
    updated_at: webhook.updated_at,
    nodeID: encodeNodeId('Webhook', webhook.id),
  };
}

export function presentWebhook(webhook: WebhookRecord, attachments: readonly LinkedAttachment[], apiUrl: string): Record<string, unknown> {
  const { nodeID, ...fields } = fieldsOf(webhook);
  return { ...fields, attachments: attachments.map((attachment) => presentLinkedAttachment(attachment, apiUrl)), nodeID };
}

/** A webhook in a list, before the selected fields are picked. */
export function presentWebhookInList(webhook: WebhookRecord): Record<string, unknown> {
  const { disabled, ordered, last_error, ...fields } = fieldsOf(webhook);
  return { ...fields, ...(disabled ? { disabled } : {}), ...(ordered ? { ordered } : {}), ...(last_error !== null ? { last_error } : {}) };
}

/** The answer of an upload: what a description's `description_attachments` refers to by `key`. */
export function presentAttachment(attachment: AttachmentRecord, apiUrl: string): Record<string, unknown> {
  const { key, filename, content_type, size } = attachment;
  return { key, filename, content_type, size, uri: attachmentUri(apiUrl, key) };
}

function presentLinkedAttachment(attachment: LinkedAttachment, apiUrl: string): Record<string, unknown> {
  const { key, filename, content_type, size, inline } = attachment;
  return { key, filename, content_type, size, inline, uri: attachmentUri(apiUrl, key) };
}
