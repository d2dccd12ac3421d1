/**
 * The event catalogue as a contract (issue 19 item 7): for each event, the
 * schema of the message `buildWebhookMessage` writes, the signed form of its
 * body and the headers of its request. The api publishes them as the OpenAPI
 * 3.1 `webhooks` section; tests validate real messages against that document.
 * The envelope is checked against `WebhookMessage` at compile time and the
 * payload comes from events/event-payloads.ts, so neither is a copy to keep
 * in step by hand.
 */
import { z } from 'zod';
import type { EventName } from '../../events/event-catalogue.js';
import { eventPayloadSchema, testPayloadSchema } from '../../events/event-payloads.js';
import { DELIVERY_TIMEOUT_MS, MAX_ATTEMPTS } from './delivery-rules.js';
import type { WebhookMessage } from './webhook-message.js';

const nodeId = z.string().min(1).describe('A global node id');

const ENVELOPE = {
  webhook_id: z.int().describe('The webhook that receives the message'),
  webhook_nodeID: nodeId,
  account_id: z.string().describe('The account of the change'),
  account: z.string().describe('The account URL, `<api base URL>/accounts/<account id>`: an identifier (the JWT `iss`), not an endpoint'),
  name: z.string().describe('The webhook’s name'),
  event: z.string(),
  object_id: z.int().describe('The changed record; 12345 in a test message'),
  object_nodeID: nodeId,
  person_id: z.int().nullable().describe('The person who made the change; null for the service’s own changes'),
  person_nodeID: nodeId.nullable(),
  person_name: z.string().describe('Empty for the service’s own changes'),
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// A field added to WebhookMessage (or changed) and not here, or the reverse, fails to compile.
const envelopeIsTheMessage: Same<Omit<WebhookMessage, 'payload'>, z.output<z.ZodObject<typeof ENVELOPE>>> = true;
void envelopeIsTheMessage;

/** The message of one event, as the body of a delivery without a policy and the `data` claim of a signed one. */
export function webhookMessageSchema(event: EventName): z.ZodObject {
  return z
    .strictObject({
      ...ENVELOPE,
      event: z.literal(event),
      payload: z.union([eventPayloadSchema(event), testPayloadSchema]).describe('What the change says; `{"test": true}` in a test message'),
    })
    .describe(`The message of \`${event}\` (REFERENCE.md "Webhooks")`);
}

/** The body of a delivery whose webhook has a policy (decision 015). */
export const signedWebhookBodySchema = z
  .strictObject({
    jwt: z
      .string()
      .describe(
        'A compact JWS signed with the webhook policy’s key (an unsecured JWT for `none`). Claims: `data` (the message of the event), `iss` (the account URL), ' +
          '`aud` (the policy’s jwt_audience, when set), `jti` (the delivery id), `sub` (the webhook id), `iat`, `nbf` and `exp`.',
      ),
  })
  .describe('The body of a delivery to a webhook with a webhook policy');

export interface WebhookHeader {
  name: string;
  required: boolean;
  description: string;
}

/** The headers of every delivery request besides `Content-Type: application/json`. */
export const WEBHOOK_HEADERS: readonly WebhookHeader[] = [
  { name: 'webhook-id', required: true, description: 'Standard Webhooks: the delivery id, the same on every attempt and redelivery; deduplicate on it' },
  { name: 'webhook-timestamp', required: true, description: 'Standard Webhooks: when this attempt was signed, in epoch seconds; refuse old ones against replays' },
  {
    name: 'webhook-signature',
    required: false,
    description:
      'Standard Webhooks: with an `hs*` policy `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` keyed by the policy secret; ' +
      'with an `ed25519` policy `v1a,<base64 Ed25519 signature of the same>` (verify with the public key); none with other policies or without one. ' +
      'During a key roll one entry per signing key, space-separated: accept the message when one of them verifies',
  },
  { name: 'X-Tessera-Delivery', required: true, description: 'The delivery id (equal to webhook-id), as shown in the delivery log' },
  { name: 'X-Tessera-Event', required: true, description: 'The event name' },
  { name: 'User-Agent', required: true, description: '`Tessera-Webhooks/<version>`' },
];

/** How a receiver answers, for the document. */
export const WEBHOOK_ANSWER =
  `Any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s is a delivery; anything else (or no answer) is a failed attempt, retried with growing intervals up to ${MAX_ATTEMPTS} attempts. ` +
  'While the webhook is disabled its messages are kept as paused deliveries; POST /v1/webhooks/{id}/redeliver sends them.';
