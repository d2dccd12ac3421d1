/**
 * The HTTP request of one attempt: the message signed afresh (a new
 * timestamp, the same delivery id) by the webhook's policy, and the headers
 * of REFERENCE.md "Webhooks" — a User-Agent naming Tessera, the delivery id
 * (`X-Tessera-Delivery`, and the Standard Webhooks `webhook-id`) and the event.
 */
import type { SealingKey } from '../policies/sealing-key.js';
import { signWebhookMessage, WebhookSigningError } from '../policies/sign-webhook-message.js';
import type { DeliveryWebhook, LeasedDelivery } from './delivery-record.js';
import type { WebhookRequest } from './webhook-sender.js';

export interface SigningSetup {
  sealingKey: SealingKey;
  userAgent: string;
}

/** The request to send, or why nothing may be sent (a disabled policy, a key that cannot be opened). */
export async function signedRequest(
  delivery: Pick<LeasedDelivery, 'id' | 'event' | 'message' | 'issuer'>,
  webhook: Pick<DeliveryWebhook, 'id' | 'uri' | 'policy'>,
  now: Date,
  setup: SigningSetup,
): Promise<WebhookRequest | { refused: string }> {
  let signed;
  try {
    signed = await signWebhookMessage(webhook.policy, delivery.message, {
      webhookId: webhook.id,
      deliveryId: delivery.id,
      issuer: delivery.issuer,
      now,
      sealingKey: setup.sealingKey,
    });
  } catch (error) {
    if (error instanceof WebhookSigningError) return { refused: error.message };
    throw error;
  }
  // The signature's headers object is this attempt's own: completed where it is, not copied.
  const headers = signed.headers;
  headers['content-type'] = 'application/json';
  headers['user-agent'] = setup.userAgent;
  headers['x-tessera-delivery'] = delivery.id;
  headers['x-tessera-event'] = delivery.event;
  return { url: webhook.uri, body: signed.body, headers };
}
