/** What the key roll and JWKS specs share: a message signed as the worker signs it, from what the database holds. */
import { randomUUID } from 'node:crypto';
import { loadSealingKey, signWebhookMessage, trustedAccountId, type SignedWebhookMessage, type WebhookMessage } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import type { ApiHarness } from './api-harness.js';
import { webhookUsing } from './webhook-policy-calls.js';

// The harness runs the api without SECRET_SEALING_KEY: the public development key, as the worker's tests do.
const sealingKey = loadSealingKey(undefined, 'test');

export interface SignedDelivery extends SignedWebhookMessage {
  deliveryId: string;
  jwt: string;
}

/**
 * A message for a webhook of the demo account that uses the policy, signed by
 * the webhook and policy as the delivery repository reads them for the worker
 * (current key, key id and retiring keys), at `now`.
 */
export async function signedDelivery(h: ApiHarness, policyId: number, issuer: string, now = new Date()): Promise<SignedDelivery> {
  const webhookId = await webhookUsing(h, policyId, `Signed ${randomUUID()}`);
  const webhook = await createUnitOfWork(h.test.db).repositories.webhookDeliveries.webhook(trustedAccountId(h.demo.account), webhookId);
  const message = { webhook_id: webhookId, account: issuer, event: 'request.create' } as unknown as WebhookMessage;
  const deliveryId = randomUUID();
  const signed = await signWebhookMessage(webhook!.policy, JSON.stringify(message), { webhookId, deliveryId, issuer, now, sealingKey });
  return { ...signed, deliveryId, jwt: (JSON.parse(signed.body) as { jwt: string }).jwt };
}

/** The Standard Webhooks signed content of a message. */
export const signedContent = (signed: SignedWebhookMessage) => Buffer.from(`${signed.headers['webhook-id']}.${signed.headers['webhook-timestamp']}.${signed.body}`);

/** `webhook-signature` split as a receiver splits it: `[scheme, signature bytes]` per entry. */
export const signatureEntries = (signed: SignedWebhookMessage): Array<[string, Buffer]> =>
  (signed.headers['webhook-signature'] ?? '').split(' ').filter(Boolean).map((entry) => {
    const [scheme, signature] = entry.split(',') as [string, string];
    return [scheme, Buffer.from(signature, 'base64')];
  });

/** Moves every retiring key's window end of the policy to `at`, as if that much time had passed. */
export async function setRetiresAt(h: ApiHarness, policyId: number, at: Date): Promise<void> {
  await h.test.db.raw(
    `update webhook_policies set retiring_keys = (select coalesce(jsonb_agg(k || jsonb_build_object('retires_at', ?::text)), '[]') from jsonb_array_elements(retiring_keys) k) where id = ?`,
    [at.toISOString(), policyId],
  );
}
