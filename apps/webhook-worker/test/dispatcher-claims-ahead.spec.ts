/**
 * Decision 024, "claimed ahead": a dispatcher leases more deliveries than it has
 * free slots, up to WEBHOOK_MAX_IN_FLIGHT more, and starts them as sends end.
 * A graceful stop gives back the leases of the deliveries it had not started: another worker
 * takes them at once, not after the lease expires.
 */
import type { AccessContext } from '@tessera/domain';
import { seedDemoData } from '@tessera/persistence';
import { createTestDatabase, deliveryRows, type TestDatabase } from '@tessera/persistence/testing';
import { startHttpSink, type HttpSink } from './support/http-sink.js';
import { startLiveWorker, type LiveWorker } from './support/live-worker.js';
import { waitFor } from './support/wait-for.js';
import { adminAccess, sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';

const IN_FLIGHT = 3;
const COUNT = 12;
const DELIVERY = {
  WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_RETRY_BASE_MS: '600000', WEBHOOK_LEASE_MS: '600000',
  WEBHOOK_MAX_IN_FLIGHT: String(IN_FLIGHT), WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: String(COUNT), WEBHOOK_POLL_MS: '100',
};

describe('deliveries claimed ahead of free slots', () => {
  let test: TestDatabase;
  let access: AccessContext;
  let sink: HttpSink;
  let webhookId: number;
  let first: LiveWorker | undefined;
  let second: LiveWorker | undefined;

  beforeAll(async () => {
    test = await createTestDatabase();
    access = await adminAccess(test, await seedDemoData(test.db));
    sink = await startHttpSink();
    await test.db('webhooks').update({ disabled: true });
    webhookId = await sinkWebhook(test, sink, { event: 'request.create' });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await sink?.close();
    await test?.drop();
  });

  const rows = () => deliveryRows(test.db).where({ webhook_id: webhookId }).select<Array<{ id: string; status: string; lease_token: string | null }>>('id', 'status', 'lease_token');
  const hits = () => sink.requests.filter((r) => r.path === `/hook/${webhookId}`);

  it('leases up to WEBHOOK_MAX_IN_FLIGHT more than it sends, and a stop gives back the leases of those not started', async () => {
    sink.respond({ status: 200, body: 'ok', delayMs: 1_500 });
    first = await startLiveWorker(test, DELIVERY);
    for (let i = 0; i < COUNT; i++) await submitTestEvent(test, access, { subject: `Ahead ${i}` });
    // More leased than sending: the ones claimed ahead wait for a slot (at most WEBHOOK_MAX_IN_FLIGHT of them).
    // (A lease also outlives its send until the outcome is recorded, a moment later.)
    await waitFor('deliveries claimed ahead of free slots', async () => (await rows()).filter((d) => d.lease_token !== null).length >= 2 * IN_FLIGHT, 30_000);

    await first.stop();
    const afterStop = await rows();
    // The sends in flight finished and were recorded; nothing else is left leased.
    expect(afterStop.filter((d) => d.status === 'delivered')).toHaveLength(hits().length);
    expect(afterStop.filter((d) => d.lease_token !== null)).toEqual([]);
    expect(afterStop.filter((d) => d.status === 'pending').length).toBe(COUNT - hits().length);

    sink.respond({ status: 200, body: 'ok' });
    second = await startLiveWorker(test, DELIVERY);
    await waitFor('every delivery delivered by the second worker', async () => (await rows()).every((d) => d.status === 'delivered'), 20_000);
    expect(new Set(hits().map((r) => r.headers['webhook-id'])).size).toBe(COUNT);
    expect(hits()).toHaveLength(COUNT);
  }, 60_000);
});
