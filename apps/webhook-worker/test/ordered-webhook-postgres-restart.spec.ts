/**
 * Issue 34 "Done when", decision 052: an ordered webhook keeps its order through a PostgreSQL
 * restart (fast shutdown, as `pg_ctl -m fast stop`) while its messages go out. The worker runs as
 * production runs it (src/main.ts in its own process) against a PostgreSQL of this spec's own.
 * Every message arrives, the first arrivals in commit order, none after a later one's, never two
 * at once; a message whose outcome the outage cut off may come again, before any later one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createDatabase, findFreePort, migrateLatest, seedDemoData, startEmbeddedPostgres, withDatabaseName, type RunningPostgres,
} from '@tessera/persistence';
import { deliveryRows, type TestDatabase } from '@tessera/persistence/testing';
import type { AccessContext } from '@tessera/domain';
import { firstArrivals, overtaken, startOrderedReceiver, type OrderedReceiver } from './support/ordered-receiver.js';
import { waitFor } from './support/wait-for.js';
import { adminAccess, sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';
import { spawnWorkerProcess, type WorkerProcess } from './support/worker-process.js';

const COUNT = 30;
const ENV = {
  WORKER_HEARTBEAT_MS: '250', WORKER_DEAD_AFTER_MS: '3000', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_RETRY_BASE_MS: '5',
  WEBHOOK_POLL_MS: '20', WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: '50',
};

describe('an ordered webhook through a PostgreSQL restart', () => {
  let dataDir: string;
  let port: number;
  let server: RunningPostgres | undefined;
  let test: TestDatabase;
  let access: AccessContext;
  let receiver: OrderedReceiver;
  let webhookId: number;
  let worker: WorkerProcess | undefined;

  const startServer = () => startEmbeddedPostgres({ dataDir, port, persistent: true });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-ordered-restart-pg-'));
    port = await findFreePort();
    server = await startServer();
    const admin = createDatabase({ url: server.adminUrl, poolMax: 1 });
    await admin.raw('create database tessera_ordered_restart');
    await admin.destroy();
    const url = withDatabaseName(server.adminUrl, 'tessera_ordered_restart');
    const db = createDatabase({ url, poolMax: 3 });
    await migrateLatest(db);
    test = { db, url, name: 'tessera_ordered_restart', drop: () => db.destroy() };
    access = await adminAccess(test, await seedDemoData(db));
    receiver = await startOrderedReceiver({ failTimes: new Map(), answerAfterMs: 20 });
    await db('webhooks').update({ disabled: true });
    webhookId = await sinkWebhook(test, receiver);
    await db('webhooks').where({ id: webhookId }).update({ ordered: true });
  }, 60_000);
  afterAll(async () => {
    await worker?.kill();
    await receiver?.close();
    await test?.drop();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends every message in commit order, one at a time, before and after the restart', async () => {
    const current = spawnWorkerProcess({ DATABASE_URL: test.url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SMTP_URL: '', ...ENV });
    worker = current;
    const alive = () => {
      if (current.child.exitCode !== null || current.child.signalCode !== null) throw new Error(`the worker process ended:\n${current.output()}`);
    };
    const requests: number[] = [];
    for (let n = 1; n <= COUNT / 2; n++) requests.push(await submitTestEvent(test, access, { subject: `Before the restart ${n}` }));
    await waitFor('a few messages delivered', async () => (alive(), firstArrivals(receiver.arrivals).length >= 4), 20_000);
    await server!.stop();
    server = undefined;
    // Stopped mid-stream: messages of the first half still to go.
    const arrivedBefore = firstArrivals(receiver.arrivals).length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server = await startServer();
    for (let n = COUNT / 2 + 1; n <= COUNT; n++) requests.push(await submitTestEvent(test, access, { subject: `After the restart ${n}` }));
    await waitFor('every message delivered', async () => {
      alive();
      const rows = await deliveryRows(test.db).where({ webhook_id: webhookId }).select<Array<{ status: string; lease_token: string | null }>>('status', 'lease_token');
      return rows.length === COUNT && rows.every((d) => d.status === 'delivered' && d.lease_token === null);
    }, 40_000).catch((error: Error) => {
      throw new Error(`${error.message}\narrivals ${JSON.stringify(receiver.arrivals.map((id) => requests.indexOf(id) + 1))}\nworker:\n${current.output()}`);
    });

    const arrivals = receiver.arrivals.map((id) => requests.indexOf(id) + 1);
    expect(firstArrivals(arrivals)).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(overtaken(arrivals)).toBe(false);
    expect(receiver.mostAtOnce).toBe(1);
    expect(arrivedBefore).toBeLessThan(COUNT / 2);
  }, 90_000);
});
