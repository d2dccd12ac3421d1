/**
 * The webhook record (SPEC.md "Webhook"): fields as stored, snake_case, with
 * its policy as the reference a webhook shows. `sourceID` is the REST name of
 * `source_id`; the presenter (webhook.presenter.ts) writes the REST shape.
 */
import type { EventName } from '../events/event-catalogue.js';
import type { RecordInput } from '../records/record-fields.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { WEBHOOK_RECORD } from './webhook-declaration.js';

/** A webhook policy as a webhook refers to it (REFERENCE.md "REST conventions": references are `{id, name}`). */
export interface WebhookPolicyRef {
  id: number;
  name: string;
}

export interface WebhookRecord {
  id: number;
  account_id: AccountId;
  name: string;
  event: EventName;
  uri: string;
  description: string | null;
  disabled: boolean;
  /** Deliveries sent one at a time in event commit order (decision 052). */
  ordered: boolean;
  mail_exceptions_to: string | null;
  webhook_policy: WebhookPolicyRef | null;
  source: string | null;
  source_id: string | null;
  /** Text of the last failed delivery (written by the worker); null when the last one succeeded or none ran. */
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What an administrator sets on a webhook, checked and normalised (webhook-fields.ts). */
export interface WebhookFields {
  name: string;
  event: EventName;
  uri: string;
  description: string | null;
  disabled: boolean;
  ordered: boolean;
  mail_exceptions_to: string | null;
  webhook_policy_id: number | null;
  source: string | null;
  source_id: string | null;
}

/**
 * What the store writes on an update: the changed fields, and on re-enabling
 * the failure count the worker keeps (webhook-enabled-flag.ts).
 */
export type WebhookChanges = Partial<WebhookFields> & { consecutive_failures?: 0 };

type WebhookDeclared = typeof WEBHOOK_RECORD.fields;

/** A webhook's writable fields as a client sends them (REST names), before any rule ran: from WEBHOOK_RECORD. */
export type WebhookInput = RecordInput<WebhookDeclared, 'change'>;

/** One attachment a description uses: `key` from the upload, `inline` when the text shows it in place. */
export type AttachmentUse = NonNullable<WebhookInput['description_attachments']>[number];
