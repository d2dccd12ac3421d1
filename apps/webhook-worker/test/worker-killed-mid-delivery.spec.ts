/**
 * Issue 19 fault test: a worker killed with SIGKILL while many deliveries are
 * in flight. The worker app runs as production runs it (src/main.ts in its
 * own process), its sends held open by the receiver; once it is killed a
 * second worker sends every one of them again after its lease expires
 * (WEBHOOK_LEASE_MS, short here), never before. Every delivery arrives; the
 * only duplicates are the same message with the same `webhook-id`; the log
 * keeps the attempt that was recorded, and no lease is left.
 */
import type { AccessContext } from '@tessera/domain';
import { seedDemoData } from '@tessera/persistence';
import { createTestDatabase, deliveryRows, type TestDatabase } from '@tessera/persistence/testing';
import { startHttpSink, type HttpSink, type ReceivedRequest } from './support/http-sink.js';
import { startLiveWorker, type LiveWorker } from './support/live-worker.js';
import { waitFor } from './support/wait-for.js';
import { adminAccess, sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';
import { spawnWorkerProcess, type WorkerProcess } from './support/worker-process.js';

const LEASE_MS = 4_000;
const COUNT = 30;
// All of them in flight at once in the first worker; a retry far away, so only an expired lease sends again.
const DELIVERY = {
  WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_RETRY_BASE_MS: '600000', WEBHOOK_LEASE_MS: String(LEASE_MS),
  WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: String(COUNT), WEBHOOK_POLL_MS: '100',
};

interface Arrival {
  at: number;
  request: ReceivedRequest;
}

describe('a worker killed with many deliveries in flight', () => {
  let test: TestDatabase;
  let access: AccessContext;
  let sink: HttpSink;
  let webhookId: number;
  let first: WorkerProcess | undefined;
  let second: LiveWorker | undefined;
  const arrivals: Arrival[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    access = await adminAccess(test, await seedDemoData(test.db));
    sink = await startHttpSink();
    // The first worker's POSTs are never answered: it is mid-delivery until it dies.
    sink.respond('hang');
    await test.db('webhooks').update({ disabled: true });
    webhookId = await sinkWebhook(test, sink, { event: 'request.create' });
  });
  afterAll(async () => {
    await first?.kill();
    await second?.stop();
    await sink?.close();
    await test?.drop();
  });

  const hits = () => sink.requests.filter((r) => r.path === `/hook/${webhookId}`);
  const alive = (child: WorkerProcess) => {
    if (child.child.exitCode !== null || child.child.signalCode !== null) throw new Error(`the worker process ended on its own:\n${child.output()}`);
  };
  const deliveries = () =>
    deliveryRows(test.db).where({ webhook_id: webhookId }).select<Array<{ id: string; status: string; lease_token: string | null; lease_expires_at: Date | null; leased_by: string | null }>>(
      'id', 'status', 'lease_token', 'lease_expires_at', 'leased_by',
    );

  it('delivers every one from a second worker once the leases expire, duplicates only under the same webhook-id', async () => {
    first = spawnWorkerProcess({ DATABASE_URL: test.url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SMTP_URL: '', ...DELIVERY });
    const worker = first;
    for (let i = 0; i < COUNT; i++) await submitTestEvent(test, access, { subject: `In flight ${i}` });
    await waitFor(`${COUNT} POSTs held at the receiver`, async () => (alive(worker), hits().length >= COUNT), 30_000);

    const held = await deliveries();
    expect(held).toHaveLength(COUNT);
    expect(held.every((d) => d.status === 'pending' && d.lease_token !== null)).toBe(true);
    expect(new Set(held.map((d) => d.leased_by)).size).toBe(1);
    const expiresAt = new Map(held.map((d) => [d.id, d.lease_expires_at!.getTime()]));

    sink.respond({ status: 200, body: 'thanks' });
    const seen = hits().length;
    await worker.kill();
    expect(await worker.exited).toBe('SIGKILL');
    second = await startLiveWorker(test, DELIVERY);
    const watch = setInterval(() => {
      for (const request of hits().slice(seen + arrivals.length)) arrivals.push({ at: Date.now(), request });
    }, 20);
    try {
      await waitFor('every delivery recorded as delivered', async () => {
        const rows = await deliveries();
        return rows.every((d) => d.status === 'delivered' && d.lease_token === null);
      }, LEASE_MS + 20_000);
    } finally {
      clearInterval(watch);
    }
    for (const request of hits().slice(seen + arrivals.length)) arrivals.push({ at: Date.now(), request });

    // Every delivery arrived again from the second worker, and never while the killed one's lease held.
    const ids = held.map((d) => d.id).sort();
    expect([...new Set(arrivals.map((a) => a.request.headers['webhook-id'] as string))].sort()).toEqual(ids);
    for (const { at, request } of arrivals) expect(at).toBeGreaterThanOrEqual(expiresAt.get(request.headers['webhook-id'] as string)! - 50);

    // Duplicates: the same message, with the same webhook-id and X-Tessera-Delivery.
    const byId = new Map<string, ReceivedRequest[]>();
    for (const request of hits()) byId.set(request.headers['webhook-id'] as string, [...(byId.get(request.headers['webhook-id'] as string) ?? []), request]);
    expect([...byId.keys()].sort()).toEqual(ids);
    for (const [id, copies] of byId) {
      expect(copies.length).toBeLessThanOrEqual(2);
      expect(new Set(copies.map((c) => c.headers['x-tessera-delivery']))).toEqual(new Set([id]));
      expect(new Set(copies.map((c) => JSON.stringify((JSON.parse(c.body) as Record<string, unknown>)['object_id'])) ).size).toBe(1);
    }

    // The killed worker recorded nothing: each log has the second worker's one attempt.
    const attempts: Array<{ delivery_id: string; n: number }> = await test.db('webhook_delivery_attempts').whereIn('delivery_id', ids).groupBy('delivery_id').select('delivery_id').count({ n: '*' });
    expect(attempts.map((a) => Number(a.n))).toEqual(ids.map(() => 1));
  }, 90_000);
});
