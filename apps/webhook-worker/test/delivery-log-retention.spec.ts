/**
 * Issue 34 item 4 (decision 057): the delivery log's weeks are dropped whole while the worker
 * delivers, and nothing pending is lost. Deliveries spread over three old weeks and now: one old
 * week only logged, one with pending deliveries beside logged ones, one with paused ones. A worker
 * process with a retention of 5 days runs its upkeep job while the receiver holds every send: the
 * logged week goes, the weeks with pending or paused deliveries stay. Once everything pending has
 * arrived, the next upkeep drops the week whose pending deliveries were delivered; the paused week
 * stays. Every pending delivery arrives exactly once.
 */
import { randomBytes } from 'node:crypto';
import { createDeliveryLogPartitions, deliveryLogPartitions, scheduleDeliveryLogUpkeep, seedDemoData, weekOf } from '@tessera/persistence';
import { createTestDatabase, deliveryRows, insertDeliveryRows, type TestDatabase } from '@tessera/persistence/testing';
import { startHttpSink, type HttpSink } from './support/http-sink.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook } from './support/webhook-fixtures.js';
import { spawnWorkerProcess, type WorkerProcess } from './support/worker-process.js';

const WEEK_MS = 7 * 86_400_000;
const thisWeek = weekOf(new Date()).getTime();
const weeksAgo = (n: number) => new Date(thisWeek - n * WEEK_MS);

/** A UUID v7 of `at`, as the fan-out makes them: the log's partition is the time the id carries. */
function idAt(at: Date): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(at.getTime(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('dropping old days of the delivery log while the worker delivers', () => {
  let test: TestDatabase;
  let sink: HttpSink;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoData(test.db);
    sink = await startHttpSink();
  });
  afterAll(async () => {
    await worker?.kill();
    await sink?.close();
    await test?.drop();
  });

  it('drops the weeks past retention that hold nothing pending or paused, and delivers every pending delivery exactly once', async () => {
    await test.db('webhooks').update({ disabled: true });
    const webhookId = await sinkWebhook(test, sink, { event: 'request.create' });
    await createDeliveryLogPartitions(test.db, weeksAgo(4), weeksAgo(1));
    const names = (await deliveryLogPartitions(test.db)).map((p) => p.name);
    const [loggedDay, pendingDay, pausedDay] = ['webhook_deliveries_p', 'webhook_deliveries_p', 'webhook_deliveries_p'].map((prefix, i) =>
      `${prefix}${weeksAgo(4 - i).toISOString().slice(0, 10).replaceAll('-', '')}`,
    ) as [string, string, string];
    expect(names).toEqual(expect.arrayContaining([loggedDay, pendingDay, pausedDay]));

    let n = 0;
    const row = (at: Date, fields: { status: string } & Record<string, unknown>) => {
      n += 1;
      const id = idAt(new Date(at.getTime() + n * 1_000));
      const message = JSON.stringify({ webhook_id: webhookId, account: 'http://localhost:3000/v1/accounts/wdc', event: 'request.create', object_id: n, payload: { n } });
      return { id, account_id: 'wdc', webhook_id: webhookId, event: 'request.create', message, event_at: new Date(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)), created_at: new Date(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)), ...fields };
    };
    const delivered = (at: Date) => row(at, { status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: at });
    const pending = (at: Date) => row(at, { status: 'pending', attempts: 0, next_attempt_at: new Date(Date.now() - 1_000) });
    const paused = (at: Date) => row(at, { status: 'paused', attempts: 3, next_attempt_at: null, paused_reason: 'the webhook is disabled' });
    const rows = [
      ...Array.from({ length: 30 }, () => delivered(weeksAgo(4))),
      ...Array.from({ length: 20 }, () => delivered(weeksAgo(3))),
      ...Array.from({ length: 20 }, () => pending(weeksAgo(3))),
      ...Array.from({ length: 10 }, () => delivered(weeksAgo(2))),
      ...Array.from({ length: 2 }, () => paused(weeksAgo(2))),
      ...Array.from({ length: 30 }, () => pending(new Date(Date.now() - 60_000))),
    ];
    await insertDeliveryRows(test.db, rows);
    const logged = rows.filter((r) => r.status === 'delivered');
    await test.db('webhook_delivery_attempts').insert(logged.map((r) => ({
      account_id: 'wdc', delivery_id: r.id, delivery_id_time: r.created_at, attempt: 1, started_at: r.created_at, duration_ms: 5, status_code: 204,
    })));
    const pendingIds = rows.filter((r) => r.status === 'pending').map((r) => r.id).sort();

    // Every send waits at the receiver until the first upkeep has run: the drop happens with deliveries in flight.
    let release!: () => void;
    sink.respond({ status: 204, until: new Promise<void>((resolve) => (release = resolve)) });
    worker = spawnWorkerProcess({
      DATABASE_URL: test.url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', SMTP_URL: '', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
      WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: '64', DELIVERY_RETENTION_DAYS: '5',
    });
    await waitFor('sends held at the receiver', async () => {
      if (worker!.child.exitCode !== null) throw new Error(`the worker ended:\n${worker!.output()}`);
      return sink.requests.length > 0;
    }, 60_000);
    await scheduleDeliveryLogUpkeep(test.db, new Date());
    await waitFor('the first upkeep', async () => worker!.output().includes('delivery log upkeep'), 60_000);
    const afterFirst = (await deliveryLogPartitions(test.db)).map((p) => p.name);
    expect(afterFirst).not.toContain(loggedDay);
    expect(afterFirst).toEqual(expect.arrayContaining([pendingDay, pausedDay]));
    release();
    sink.respond({ status: 204 });

    await waitFor('every pending delivery delivered', async () => {
      const open = await deliveryRows(test.db).where({ webhook_id: webhookId, status: 'pending' }).count<Array<{ count: string }>>('* as count');
      return Number(open[0]!.count) === 0;
    }, 60_000);
    await scheduleDeliveryLogUpkeep(test.db, new Date());
    await waitFor('the next upkeep', async () => !(await deliveryLogPartitions(test.db)).some((p) => p.name === pendingDay), 60_000);

    const arrived = sink.requests.filter((r) => r.path === `/hook/${webhookId}`).map((r) => r.headers['webhook-id'] as string).sort();
    expect(arrived).toEqual(pendingIds);
    const left = await deliveryRows(test.db).where({ webhook_id: webhookId }).select('id', 'status');
    // The paused week stays whole; of the pending week nothing, its deliveries having arrived; the recent ones all delivered.
    const todays = new Set(rows.slice(-30).map((r) => r.id));
    expect(left.filter((r) => !todays.has(r.id)).map((r) => r.status).sort()).toEqual([...Array(10).fill('delivered'), 'paused', 'paused']);
    expect(left.filter((r) => todays.has(r.id)).every((r) => r.status === 'delivered')).toBe(true);
    expect(left).toHaveLength(42);
    const oldAttempts = await test.db('webhook_delivery_attempts').whereIn('delivery_id', rows.slice(0, 70).map((r) => r.id)).count<Array<{ count: string }>>('* as count');
    expect(Number(oldAttempts[0]!.count)).toBe(0);
    expect(await test.db('webhook_delivery_queue').where({ webhook_id: webhookId })).toEqual([]);
    const tables = await test.db('pg_class').whereIn('relname', [loggedDay, pendingDay, pendingDay.replace('deliveries', 'delivery_attempts')]).pluck('relname');
    expect(tables).toEqual([]);
    expect((await deliveryLogPartitions(test.db)).map((p) => p.name)).toContain(pausedDay);
  }, 150_000);
});
