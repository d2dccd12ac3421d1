/**
 * Delivery ids of the fan-out: a UUID v5 (RFC 9562 §5.5) of the queue job's id
 * and the webhook's id. graphile-worker keeps a job's id across its retries,
 * so a fan-out that runs twice names the same deliveries and inserts nothing
 * new the second time.
 */
import { createHash } from 'node:crypto';

// A fixed namespace of Tessera's own (a v4 UUID chosen once).
const NAMESPACE = Buffer.from('3b0f8f1e6c2a4d7e9a51c0d2f4b8e617', 'hex');

export function fanOutDeliveryId(jobId: string, webhookId: number): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`webhook-event:${jobId}:webhook:${webhookId}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
