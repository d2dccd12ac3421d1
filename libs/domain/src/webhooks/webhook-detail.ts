import type { LinkedAttachment } from './attachments/attachment-record.js';
import type { WebhookFields, WebhookRecord } from './webhook-record.js';

/** One webhook as its single output shows it: the record and its description's attachments. */
export interface WebhookDetail {
  webhook: WebhookRecord;
  attachments: LinkedAttachment[];
}

/** The fields an administrator sets, as the record holds them. */
export function webhookFieldsOf(webhook: WebhookRecord): WebhookFields {
  const { name, event, uri, description, disabled, ordered, mail_exceptions_to, source, source_id } = webhook;
  return { name, event, uri, description, disabled, ordered, mail_exceptions_to, webhook_policy_id: webhook.webhook_policy?.id ?? null, source, source_id };
}
