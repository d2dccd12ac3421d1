/**
 * The fields of a webhook, declared once (docs/decisions/031; the mechanism is
 * records/record-fields.ts): the REST body of `POST`/`PATCH /v1/webhooks`, its
 * answer's schema, the collection rules of `GET /v1/webhooks`, the plain fields
 * of GraphQL's `Webhook` and `WebhookInput` derive from it. The value rules a
 * declaration does not state (the event names' message, the URI, the
 * addresses, the name's default) are applyWebhookInput's (webhook-fields.ts);
 * the policy and the attachments are looked up by webhook-references.ts.
 */
import { EVENT_NAMES } from '../events/event-catalogue.js';
import { declareRecord } from '../records/record-fields.js';
import { MAIL_EXCEPTIONS_TO_MAX_ADDRESSES } from './mail-exceptions-to.js';
import { WEBHOOK_URI_MAX_LENGTH } from './webhook-uri.js';

export const WEBHOOK_NAME_MAX_LENGTH = 255;
export const WEBHOOK_DESCRIPTION_MAX_BYTES = 65_536;
export const WEBHOOK_SOURCE_MAX_LENGTH = 30;
export const WEBHOOK_SOURCE_ID_MAX_LENGTH = 128;
export const DESCRIPTION_ATTACHMENTS_MAX = 100;
/** The length of an upload's key (attachments/attachment-key.ts makes them shorter). */
const ATTACHMENT_KEY_MAX_LENGTH = 64;

const ALL = { default: true, sort: true, filter: true } as const;

export const WEBHOOK_RECORD = declareRecord('a webhook', {
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The webhook id', collection: ALL },
  name: {
    type: 'text', max: WEBHOOK_NAME_MAX_LENGTH, write: 'change', notBlank: true, description: 'Name', note: 'Defaults to the event name (also when given blank or null)', collection: ALL,
  },
  event: {
    type: 'enum', values: EVENT_NAMES, write: 'change', required: true, nullable: false, description: 'The event that fires the webhook', note: 'Required on create', collection: ALL,
  },
  uri: {
    type: 'text', format: 'uri', max: WEBHOOK_URI_MAX_LENGTH, write: 'change', required: true, nullable: false,
    description: 'Where the messages are POSTed', note: 'Required on create: an absolute http or https URI without credentials', collection: ALL,
  },
  description: { type: 'text', maxBytes: WEBHOOK_DESCRIPTION_MAX_BYTES, write: 'change', description: 'Description' },
  description_attachments: {
    type: 'list', max: DESCRIPTION_ATTACHMENTS_MAX, write: 'change', nullable: false, read: false, graphql: false,
    of: {
      type: 'object',
      fields: {
        key: { type: 'text', max: ATTACHMENT_KEY_MAX_LENGTH, required: true, description: 'The key an upload (POST /attachments) answered' },
        inline: { type: 'boolean', description: 'Default false' },
      },
    },
    description: 'Writeonly: replaces the attachments the description uses; uploaded first with POST /attachments',
  },
  disabled: {
    type: 'boolean', write: 'change', notBlank: true, nullable: false, description: 'Disabled',
    note: 'A disabled webhook receives nothing but tests; default false; turning a webhook back on restarts its count of consecutive failures; in a list shown only when true',
    collection: ALL,
  },
  ordered: {
    type: 'boolean', write: 'change', notBlank: true, nullable: false, description: 'Ordered',
    note: 'True: the deliveries are sent one at a time in the order their events were committed, a failing one holding those behind it; default false; in a list shown only when true',
    collection: ALL,
  },
  mail_exceptions_to: {
    type: 'text', write: 'change', graphql: false, description: 'Addresses informed when a delivery fails',
    note: `Comma-separated e-mail addresses (\`a@x.example, b@y.example\`), at most ${MAIL_EXCEPTIONS_TO_MAX_ADDRESSES}`,
  },
  webhook_policy: {
    type: 'reference', target: 'WebhookPolicy', idAlias: true, bodyChecks: true, write: 'change', graphql: false,
    description: 'The webhook policy that signs the messages', note: 'Null: unsigned messages', collection: { default: true, filter: true },
  },
  source: { type: 'text', max: WEBHOOK_SOURCE_MAX_LENGTH, write: 'change', graphql: false, description: 'Source', collection: ALL },
  sourceID: { type: 'text', max: WEBHOOK_SOURCE_ID_MAX_LENGTH, write: 'change', column: 'source_id', graphql: false, description: 'Id at the source', collection: ALL },
  // Read-only: what the service sets.
  last_error: {
    type: 'text', description: 'The last delivery failure, e.g. 404 Not Found', note: 'Null when the last delivery succeeded or none ran; in a list shown only then',
    collection: { default: true, filter: true },
  },
  created_at: { type: 'datetime', notBlank: true, description: 'When the webhook was created', collection: ALL },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the webhook last changed', note: 'Equals created_at when never updated', collection: ALL },
});
