/**
 * Issue 34 item 4 (decision 057, migration 20261129000120): a database filled by the unpartitioned
 * schema keeps every pending, paused and logged delivery, their attempts and their event messages
 * when the log moves to daily partitions. The delivery log answers as before (older rows in a
 * partition of their own), the queue is untouched, a claim takes the due rows, a redelivery finds an
 * old row by its id (which carries no time), and down puts every row back in the plain tables.
 * Then (migrations 20261129000150 and 151, decision 060) each queue row counts its delivery's logged
 * attempts and carries its partition key; a redelivered old delivery's next attempt is numbered after
 * them, and once the outcome batch delivered it the API shows it delivered, also after the way down.
 */
import { randomUUID } from 'node:crypto';
import { PAUSED_REASONS } from '@tessera/domain';
import { deliveryLogPartitions, migrateLatest, repositoriesOn, weekOf } from '@tessera/persistence';
import { undoMigrationsFrom } from '@tessera/persistence/testing';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

const MIGRATION = '20261129000120_delivery_log_partitions';
const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** Minutes into the day `days` before today. */
const at = (days: number, minute: number) => new Date(today - days * DAY_MS + minute * 60_000);

describe('the delivery log partitions migration on a database filled by the unpartitioned schema', () => {
  let h: ApiHarness;
  let webhookId: number;
  const ids = { free: randomUUID(), retrying: randomUUID(), leased: randomUUID(), paused: randomUUID(), delivered: randomUUID(), failed: randomUUID(), split: randomUUID(), todays: randomUUID() };
  const liveLease = randomUUID();
  const eventMessage = randomUUID();
  let message: (n: number) => string;

  const list = async (query = '') => (await h.get(`/v1/webhooks/${webhookId}/deliveries${query}`).expect(200)).body as Array<Record<string, unknown>>;
  const one = async (id: string) => (await h.get(`/v1/webhooks/${webhookId}/deliveries/${id}`).expect(200)).body as Record<string, unknown>;

  beforeAll(async () => {
    h = await startApiHarness();
    webhookId = (await h.post('/v1/webhooks').send({ event: 'request.create', uri: 'https://receiver.example/hook', name: 'Old rows' }).expect(200)).body.id;
    await undoMigrationsFrom(h.test.db, MIGRATION);
    message = (n: number) => JSON.stringify({ webhook_id: webhookId, account: 'http://localhost:3000/v1/accounts/wdc', event: 'request.create', object_id: n, payload: { n } });
    const row = (id: string, days: number, minute: number, fields: Record<string, unknown>) => ({
      id, account_id: 'wdc', webhook_id: webhookId, event: 'request.create', test: false, message: message(minute), event_at: at(days, minute), created_at: at(days, minute), ...fields,
    });
    const soon = new Date(Date.now() + 3_600_000);
    await h.test.db('webhook_event_messages').insert({ id: eventMessage, account_id: 'wdc', payload: '{"n": 8}', created_at: at(5, 8) });
    await h.test.db('webhook_deliveries').insert([
      row(ids.free, 9, 1, { status: 'pending', attempts: 0, next_attempt_at: at(9, 1) }),
      row(ids.retrying, 8, 2, { status: 'pending', attempts: 2, next_attempt_at: soon }),
      row(ids.leased, 7, 3, { status: 'pending', attempts: 1, next_attempt_at: at(7, 3) }),
      row(ids.paused, 40, 5, { status: 'paused', attempts: 3, next_attempt_at: null, paused_reason: PAUSED_REASONS.afterFailures }),
      row(ids.delivered, 6, 6, { status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: at(6, 7) }),
      row(ids.failed, 6, 7, { status: 'failed', attempts: 10, next_attempt_at: null }),
      // As the fan-out has written them since decision 047: the head here, the payload once per event.
      row(ids.split, 5, 8, { message: null, message_head: JSON.stringify({ webhook_id: webhookId, account: 'http://localhost:3000/v1/accounts/wdc', event: 'request.create', object_id: 8 }), event_message_id: eventMessage, status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: at(5, 9) }),
      row(ids.todays, 0, 0, { created_at: new Date(), event_at: new Date(), status: 'pending', attempts: 0, next_attempt_at: new Date() }),
    ]);
    await h.test.db('webhook_delivery_queue').insert([
      { delivery_id: ids.free, account_id: 'wdc', webhook_id: webhookId, due_at: at(9, 1) },
      { delivery_id: ids.retrying, account_id: 'wdc', webhook_id: webhookId, due_at: soon },
      { delivery_id: ids.leased, account_id: 'wdc', webhook_id: webhookId, due_at: soon, lease_token: liveLease, leased_by: 'old-worker' },
      { delivery_id: ids.todays, account_id: 'wdc', webhook_id: webhookId, due_at: new Date() },
    ]);
    const attempt = (deliveryId: string, n: number, statusCode: number | null) => ({
      account_id: 'wdc', delivery_id: deliveryId, attempt: n, started_at: at(1, n), duration_ms: 12, status_code: statusCode,
      error: statusCode === 200 ? null : statusCode === null ? 'timed out after 10 s' : `${statusCode} Internal Server Error`, response_excerpt: statusCode === 200 ? 'ok' : null,
    });
    await h.test.db('webhook_delivery_attempts').insert([
      attempt(ids.retrying, 1, 500), attempt(ids.retrying, 2, null), attempt(ids.leased, 1, 503),
      attempt(ids.paused, 1, 500), attempt(ids.paused, 2, 500), attempt(ids.paused, 3, 500), attempt(ids.delivered, 1, 200), attempt(ids.split, 1, 200),
      ...Array.from({ length: 10 }, (_, i) => attempt(ids.failed, i + 1, 500)),
    ]);
    await migrateLatest(h.test.db);
  });
  afterAll(() => h?.drop());

  it('moves the rows into partitions: those before this week in one of their own, this week and the next in weekly ones', async () => {
    const parts = await deliveryLogPartitions(h.test.db);
    const thisWeek = weekOf(new Date());
    expect(parts[0]).toMatchObject({ name: 'webhook_deliveries_before_partitions', from: weekOf(at(40, 0)), to: thisWeek });
    expect(parts.slice(1).map((p) => [p.from.getTime() - thisWeek.getTime(), p.to.getTime() - p.from.getTime()])).toEqual([[0, 7 * DAY_MS], [7 * DAY_MS, 7 * DAY_MS]]);
    const { rows } = await h.test.db.raw("select relkind from pg_class where relname in ('webhook_deliveries', 'webhook_delivery_attempts', 'webhook_event_messages')");
    expect(rows.map((r: { relkind: string }) => r.relkind)).toEqual(['p', 'p', 'p']);
  });

  it('answers the delivery log from the old rows: the list, its filters, and one delivery with its message and attempts', async () => {
    expect((await list()).map((d) => [d['id'], d['status'], d['attempt_count']])).toEqual([
      [ids.todays, 'pending', 0], [ids.split, 'delivered', 1], [ids.failed, 'failed', 10], [ids.delivered, 'delivered', 1], [ids.leased, 'pending', 1],
      [ids.retrying, 'pending', 2], [ids.free, 'pending', 0], [ids.paused, 'paused', 3],
    ]);
    expect(await one(ids.paused)).toMatchObject({
      id: ids.paused, status: 'paused', paused_reason: PAUSED_REASONS.afterFailures, attempt_count: 3, created_at: at(40, 5).toISOString(), message: JSON.parse(message(5)),
    });
    expect((await one(ids.split))['message']).toEqual({ webhook_id: webhookId, account: 'http://localhost:3000/v1/accounts/wdc', event: 'request.create', object_id: 8, payload: { n: 8 } });
    expect((await one(ids.failed))['attempts']).toHaveLength(10);
    expect((await list('?status=pending')).map((d) => d['id'])).toEqual([ids.todays, ids.leased, ids.retrying, ids.free]);
  });

  it('leaves the queue as it was, lets a claim take the due rows, and redelivers an old paused one by its id', async () => {
    const queue = await h.test.db('webhook_delivery_queue').orderBy('delivery_id').select('delivery_id', 'lease_token');
    expect(queue).toEqual([
      { delivery_id: ids.free, lease_token: null }, { delivery_id: ids.retrying, lease_token: null },
      { delivery_id: ids.leased, lease_token: liveLease }, { delivery_id: ids.todays, lease_token: null },
    ].sort((a, b) => (a.delivery_id < b.delivery_id ? -1 : 1)));
    // Each queue row counts the attempts its delivery logged (migration 20261129000150): the next attempt's number is one more.
    const counts = await h.test.db('webhook_delivery_queue').select('delivery_id', 'logged_attempts');
    expect(Object.fromEntries(counts.map((r: { delivery_id: string; logged_attempts: number }) => [r.delivery_id, r.logged_attempts]))).toEqual({
      [ids.free]: 0, [ids.retrying]: 2, [ids.leased]: 1, [ids.todays]: 0,
    });
    const repos = repositoriesOn(h.test.db).webhookDeliveries;
    const options = { leasedBy: 'new-worker', leaseMs: 60_000, limit: 100, perWebhook: 100, inFlight: [] };
    const { claimed } = await repos.claimDue(options);
    expect(claimed.map((c) => c.delivery.id).sort()).toEqual([ids.free, ids.todays].sort());
    expect(claimed.find((c) => c.delivery.id === ids.free)!.delivery.message).toBe(message(1));

    await h.post(`/v1/webhooks/${webhookId}/deliveries/${ids.paused}/redeliver`).expect(202);
    expect(await one(ids.paused)).toMatchObject({ status: 'pending', attempt_count: 3 });
    const { claimed: [again] } = await repos.claimDue(options);
    expect(again!.delivery.id).toBe(ids.paused);
    await repos.recordAsClaimed([{
      progress: { id: ids.paused, leaseToken: again!.lease.token, status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: new Date(), paused_reason: null },
      claimed: { attempts: again!.delivery.attempts, next_attempt_at: again!.delivery.next_attempt_at },
      attempt: { started_at: new Date(), duration_ms: 5, status_code: 200, error: null, response_excerpt: 'ok' },
      webhookId, clearsFailures: true,
    }]);
    expect(((await one(ids.paused))['attempts'] as Array<{ attempt: number }>).map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    // Delivered by the outcome batch, which leaves the log row as the redelivery wrote it (decision 060): the API derives it.
    expect(await one(ids.paused)).toMatchObject({ status: 'delivered', attempt_count: 4, next_attempt_at: null });
    expect((await list('?status=delivered')).map((d) => d['id'])).toContain(ids.paused);
    expect((await list('?status=pending')).map((d) => d['id'])).not.toContain(ids.paused);
  });

  it('puts every row back in the plain tables when undone, and moves them again when redone', async () => {
    await undoMigrationsFrom(h.test.db, MIGRATION);
    const { rows } = await h.test.db.raw("select relkind from pg_class where relname in ('webhook_deliveries', 'webhook_delivery_attempts', 'webhook_event_messages')");
    expect(rows.map((r: { relkind: string }) => r.relkind)).toEqual(['r', 'r', 'r']);
    expect(await h.test.db('webhook_deliveries').count('* as n').first()).toEqual({ n: 8 });
    expect(await h.test.db('webhook_delivery_attempts').where({ delivery_id: ids.failed }).count('* as n').first()).toEqual({ n: 10 });
    // The state the API derived is written into the log row (migration 20261129000151's way down).
    expect(await h.test.db('webhook_deliveries').where({ id: ids.paused }).first('status', 'attempts', 'next_attempt_at')).toEqual({ status: 'delivered', attempts: 1, next_attempt_at: null });
    expect(await h.test.db('webhook_event_messages').where({ id: eventMessage }).count('* as n').first()).toEqual({ n: 1 });
    // The four queued at the start; the redelivered one was delivered since.
    expect(await h.test.db('webhook_delivery_queue').count('* as n').first()).toEqual({ n: 4 });
    await migrateLatest(h.test.db);
    expect((await list()).map((d) => d['id'])).toHaveLength(8);
  });
});
