/**
 * The OpenAPI `webhooks` section of the api's document (issue 19 item 7): one
 * entry per event of the catalogue, whose body is the message the domain
 * builds for it, or that message signed. Built from the catalogue, so an event
 * added there is documented without another step.
 */
import { EVENT_NAMES, WEBHOOK_ANSWER, WEBHOOK_HEADERS, signedWebhookBodySchema, webhookMessageSchema, type EventName } from '@tessera/domain';
import type { OpenApiWebhook } from '@tessera/http';

export const WEBHOOK_EVENTS_TAG = 'webhook events';

/** The component name of an event's message: `request.note-added` → `RequestNoteAddedMessage`. */
export function messageSchemaName(event: EventName): string {
  return `${event.split(/[._-]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Message`;
}

const SIGNED = { name: 'SignedWebhookBody', schema: signedWebhookBodySchema };

export function webhookEvents(): Record<EventName, OpenApiWebhook> {
  return Object.fromEntries(
    EVENT_NAMES.map((event): [EventName, OpenApiWebhook] => [
      event,
      {
        summary: `The \`${event}\` event`,
        description:
          `POSTed to the uri of every enabled webhook of the account whose event is \`${event}\`. Without a webhook policy the body is the message; ` +
          'with one it is `{"jwt": …}` whose `data` claim is the message. A test message (POST /v1/webhooks/{id}/test) has object_id 12345 and payload `{"test": true}`.',
        tag: WEBHOOK_EVENTS_TAG,
        bodies: [{ name: messageSchemaName(event), schema: webhookMessageSchema(event) }, SIGNED],
        headers: WEBHOOK_HEADERS,
        answer: WEBHOOK_ANSWER,
      },
    ]),
  ) as Record<EventName, OpenApiWebhook>;
}
