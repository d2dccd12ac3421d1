/**
 * Delivery ids: UUID v7 (RFC 9562 §5.7), whose first 48 bits are a time in milliseconds: its event's
 * for a fan-out delivery. The delivery log is partitioned by that time (decision 057), and the id is all the
 * API has of a delivery: carrying the time lets a lookup by id read one partition, not all of them
 * (PostgreSQL's `uuid_extract_timestamp`).
 *
 * A fan-out delivery's id is the time of its event (the queue job's creation, kept across the
 * job's retries) followed by bits of a SHA-1 of the job's id and the webhook's id, so a fan-out
 * that runs twice names the same deliveries and inserts nothing new the second time. A test
 * delivery's is the time it is made followed by random bits.
 */
import { createHash, randomBytes } from 'node:crypto';

// A fixed namespace of Tessera's own (a v4 UUID chosen once).
const NAMESPACE = Buffer.from('3b0f8f1e6c2a4d7e9a51c0d2f4b8e617', 'hex');

export function fanOutDeliveryId(jobId: string, webhookId: number, eventAt: Date): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`webhook-event:${jobId}:webhook:${webhookId}`).digest();
  return timeOrderedId(eventAt, hash.subarray(0, 16));
}

export function newDeliveryId(now: Date): string {
  return timeOrderedId(now, randomBytes(16));
}

/** The creation time a delivery id carries; null for ids made before decision 057 (v4, v5). */
export function deliveryIdTime(id: string): Date | null {
  if (id[14] !== '7') return null;
  return new Date(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
}

function timeOrderedId(at: Date, bits: Buffer): string {
  const bytes = Buffer.from(bits);
  bytes.writeUIntBE(at.getTime(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
