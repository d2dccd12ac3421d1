/**
 * SPEC.md "Webhook": the rules of the fields an administrator sets (declared
 * in webhook-declaration.ts), and what
 * the webhook becomes with them. Every problem is reported at once, as
 * `[field, message]` pairs (REST field names), before anything is written.
 * - `event`: required; exactly one name of SPEC.md "Events" (event-catalogue.ts).
 * - `name`: optional, at most 255 characters; "defaults to the event name"
 *   (also when given blank or null).
 * - `uri`: required; webhook-uri.ts.
 * - `description`: "text (max 64KB)", counted in UTF-8 bytes.
 * - `source` / `sourceID`: "max 30 / max 128 characters".
 * - `mail_exceptions_to`: mail-exceptions-to.ts.
 * - `disabled`: "default false". `ordered`: default false (decision 052). `webhook_policy` is checked against the
 *   account's policies by the use case (webhook-references.ts).
 * Blank optional texts are stored as null.
 */
import type { FieldError } from '../errors/domain-error.js';
import { isEventName, type EventName } from '../events/event-catalogue.js';
import { parseMailExceptionsTo } from './mail-exceptions-to.js';
import { WEBHOOK_DESCRIPTION_MAX_BYTES, WEBHOOK_NAME_MAX_LENGTH, WEBHOOK_SOURCE_ID_MAX_LENGTH, WEBHOOK_SOURCE_MAX_LENGTH } from './webhook-declaration.js';
import type { WebhookFields, WebhookInput } from './webhook-record.js';
import { webhookUriError } from './webhook-uri.js';


const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value);

function eventOf(input: WebhookInput, current: WebhookFields | null, errors: FieldError[]): EventName | null {
  if (input.event === undefined && current) return current.event;
  if (input.event === undefined || input.event.trim() === '') {
    errors.push(['event', "Event can't be blank"]);
    return null;
  }
  if (!isEventName(input.event)) {
    errors.push(['event', `Event '${input.event.slice(0, 80)}' is not a webhook event name (see the event names in the README 'Webhooks' section or /v1/openapi.json, e.g. request.create)`]);
    return null;
  }
  return input.event;
}

function uriOf(input: WebhookInput, current: WebhookFields | null, errors: FieldError[]): string {
  if (input.uri === undefined && current) return current.uri;
  const error = input.uri === undefined ? "Uri can't be blank" : webhookUriError(input.uri);
  if (error) errors.push(['uri', error]);
  return input.uri ?? '';
}

function textOf(field: string, value: string | null | undefined, fallback: string | null, max: number, errors: FieldError[]): string | null {
  const text = blankToNull(value);
  if (text === undefined) return fallback;
  if (text !== null && text.length > max) errors.push([field, `${field === 'sourceID' ? 'SourceID' : 'Source'} is too long (maximum is ${max} characters)`]);
  return text;
}

function descriptionOf(input: WebhookInput, current: WebhookFields | null, errors: FieldError[]): string | null {
  const text = blankToNull(input.description);
  if (text === undefined) return current?.description ?? null;
  if (text !== null && new TextEncoder().encode(text).byteLength > WEBHOOK_DESCRIPTION_MAX_BYTES) {
    errors.push(['description', 'Description is too long (maximum is 64 KB)']);
  }
  return text;
}

/**
 * The webhook's fields once `input` is applied to `current` (null: a new
 * webhook, whose fields left out take their defaults), or the errors.
 */
export function applyWebhookInput(input: WebhookInput, current: WebhookFields | null): { fields: WebhookFields; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const event = eventOf(input, current, errors);
  const givenName = blankToNull(input.name);
  const name = givenName === undefined ? (current?.name ?? event ?? '') : (givenName ?? event ?? '');
  if (name.length > WEBHOOK_NAME_MAX_LENGTH) errors.push(['name', `Name is too long (maximum is ${WEBHOOK_NAME_MAX_LENGTH} characters)`]);
  const uri = uriOf(input, current, errors);
  const description = descriptionOf(input, current, errors);
  const source = textOf('source', input.source, current?.source ?? null, WEBHOOK_SOURCE_MAX_LENGTH, errors);
  const sourceId = textOf('sourceID', input.sourceID, current?.source_id ?? null, WEBHOOK_SOURCE_ID_MAX_LENGTH, errors);
  const mail = input.mail_exceptions_to === undefined ? { value: current?.mail_exceptions_to ?? null, errors: [] } : parseMailExceptionsTo(input.mail_exceptions_to);
  errors.push(...mail.errors);
  const fields: WebhookFields = {
    name,
    event: event ?? (current?.event as EventName),
    uri,
    description,
    disabled: input.disabled ?? current?.disabled ?? false,
    ordered: input.ordered ?? current?.ordered ?? false,
    mail_exceptions_to: mail.value,
    webhook_policy_id: input.webhook_policy === undefined ? (current?.webhook_policy_id ?? null) : input.webhook_policy,
    source,
    source_id: sourceId,
  };
  return { fields, errors };
}
