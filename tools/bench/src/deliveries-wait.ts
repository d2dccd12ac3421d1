/**
 * Waiting for the worker: until the sink has received a number of deliveries,
 * and until the database records every delivery of a range as settled. Both
 * give up after a deadline that grows with the count (today's worker delivers
 * ~100/s on a busy 2-core machine), and whatever is missing then is a failure.
 */
import type { Database } from '@tessera/persistence';
import { deliveriesOf, type RecordedDelivery } from './delivery-setup.js';
import type { SinkHandle } from './sink-handle.js';

export type Fail = (reason: string, count?: number) => unknown;

export function failureCounter(): { failures: Record<string, number>; fail: Fail } {
  const failures: Record<string, number> = {};
  const fail: Fail = (reason, count = 1) => count > 0 && (failures[reason] = (failures[reason] ?? 0) + count);
  return { failures, fail };
}

export async function waitForSink(sink: SinkHandle, count: number): Promise<void> {
  const deadline = Date.now() + 60_000 + count * 50;
  for (;;) {
    const { received } = await sink.stats({ arrivals: false });
    if (received >= count) return;
    if (Date.now() > deadline) throw new Error(`the sink received ${received} of ${count} deliveries in time`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Until every delivery of the range is recorded delivered (or failed); anything else counts as a failure. */
export async function waitForRecorded(db: Database, webhookIds: readonly number[], from: number, events: number, fail: Fail): Promise<RecordedDelivery[]> {
  const expected = events * webhookIds.length;
  const deadline = Date.now() + 30_000 + expected * 10;
  for (;;) {
    const deliveries = await deliveriesOf(db, webhookIds, from, events);
    const settled = deliveries.filter((d) => d.status !== 'pending');
    if ((deliveries.length === expected && settled.length === expected) || Date.now() > deadline) {
      fail('delivery not recorded as delivered', expected - deliveries.filter((d) => d.status === 'delivered').length);
      fail('failed attempt', deliveries.filter((d) => d.error !== null).length);
      return deliveries;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
