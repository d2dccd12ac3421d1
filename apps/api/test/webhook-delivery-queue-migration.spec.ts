/**
 * Issue 34 item 1 (decision 047, migrations 20261129000060 and 61): a database filled by the old schema,
 * where each delivery row carried its own lease, keeps every pending, paused and logged delivery
 * when the leases move to the narrow queue table. The delivery log answers as before; the pending
 * deliveries are queued with the leases they held (a live lease is not claimed, an expired one
 * is); the paused and finished ones are not queued; and down puts the leases back.
 */
import { randomUUID } from 'node:crypto';
import { PAUSED_REASONS } from '@tessera/domain';
import { migrateLatest, repositoriesOn } from '@tessera/persistence';
import { undoMigrationsFrom } from '@tessera/persistence/testing';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

const MIGRATION = '20261129000060_delivery_queue';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));

describe('the delivery queue migration on a database filled by the old schema', () => {
  let h: ApiHarness;
  let webhookId: number;
  const ids = { free: randomUUID(), retrying: randomUUID(), leased: randomUUID(), expired: randomUUID(), paused: randomUUID(), delivered: randomUUID(), failed: randomUUID() };
  const liveLease = randomUUID();
  let message: (n: number) => string;
  const expiredLease = randomUUID();

  const list = async (query = '') => (await h.get(`/v1/webhooks/${webhookId}/deliveries${query}`).expect(200)).body as Array<Record<string, unknown>>;
  const one = async (id: string) => (await h.get(`/v1/webhooks/${webhookId}/deliveries/${id}`).expect(200)).body as Record<string, unknown>;
  const queueRows = async () =>
    (await h.test.db('webhook_delivery_queue').select('delivery_id', 'account_id', 'webhook_id', 'due_at', 'lease_token', 'leased_by'))
      .sort((a, b) => (a.delivery_id < b.delivery_id ? -1 : 1));

  beforeAll(async () => {
    h = await startApiHarness();
    webhookId = (await h.post('/v1/webhooks').send({ event: 'request.create', uri: 'https://receiver.example/hook', name: 'Old rows' }).expect(200)).body.id;
    await undoMigrationsFrom(h.test.db, MIGRATION);
    message = (n: number) => JSON.stringify({ webhook_id: webhookId, account: 'http://localhost:3000/v1/accounts/wdc', event: 'request.create', object_id: n, payload: { n } });
    const row = (id: string, minute: number, fields: Record<string, unknown>) => ({
      id, account_id: 'wdc', webhook_id: webhookId, event: 'request.create', test: false, message: message(minute), event_at: at(minute), created_at: at(minute), ...fields,
    });
    const soon = new Date(Date.now() + 3_600_000);
    // The old shape: status, due time and lease on the delivery row itself.
    await h.test.db('webhook_deliveries').insert([
      row(ids.free, 1, { status: 'pending', attempts: 0, next_attempt_at: at(1) }),
      row(ids.retrying, 2, { status: 'pending', attempts: 2, next_attempt_at: soon }),
      row(ids.leased, 3, { status: 'pending', attempts: 1, next_attempt_at: at(3), lease_token: liveLease, lease_expires_at: soon, leased_by: 'old-worker' }),
      row(ids.expired, 4, { status: 'pending', attempts: 1, next_attempt_at: at(4), lease_token: expiredLease, lease_expires_at: at(5), leased_by: 'gone-worker' }),
      row(ids.paused, 5, { status: 'paused', attempts: 3, next_attempt_at: null, paused_reason: PAUSED_REASONS.afterFailures }),
      row(ids.delivered, 6, { status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: at(7) }),
      row(ids.failed, 7, { status: 'failed', attempts: 10, next_attempt_at: null }),
    ]);
    const attempt = (deliveryId: string, n: number, statusCode: number | null) => ({
      account_id: 'wdc', delivery_id: deliveryId, attempt: n, started_at: at(10 + n), duration_ms: 12, status_code: statusCode,
      error: statusCode === 200 ? null : statusCode === null ? 'timed out after 10 s' : `${statusCode} Internal Server Error`, response_excerpt: statusCode === 200 ? 'ok' : null,
    });
    await h.test.db('webhook_delivery_attempts').insert([
      attempt(ids.retrying, 1, 500), attempt(ids.retrying, 2, null), attempt(ids.leased, 1, 503), attempt(ids.expired, 1, 500),
      attempt(ids.paused, 1, 500), attempt(ids.paused, 2, 500), attempt(ids.paused, 3, 500), attempt(ids.delivered, 1, 200),
      ...Array.from({ length: 10 }, (_, i) => attempt(ids.failed, i + 1, 500)),
    ]);
    await migrateLatest(h.test.db);
  });
  afterAll(() => h?.drop());

  it('answers the delivery log from the old rows: the list, its filters, and one delivery with its message as stored and its attempts', async () => {
    expect((await list()).map((d) => [d['id'], d['status'], d['attempt_count']])).toEqual([
      [ids.failed, 'failed', 10], [ids.delivered, 'delivered', 1], [ids.paused, 'paused', 3], [ids.expired, 'pending', 1],
      [ids.leased, 'pending', 1], [ids.retrying, 'pending', 2], [ids.free, 'pending', 0],
    ]);
    const paused = await one(ids.paused);
    expect(paused).toMatchObject({
      id: ids.paused, event: 'request.create', test: false, status: 'paused', paused_reason: PAUSED_REASONS.afterFailures, next_attempt_at: null,
      attempt_count: 3, event_at: at(5).toISOString(), created_at: at(5).toISOString(), delivered_at: null, message: JSON.parse(message(5)),
    });
    expect((paused['attempts'] as Array<Record<string, unknown>>).map((a) => [a['attempt'], a['status_code']])).toEqual([[1, 500], [2, 500], [3, 500]]);
    expect((await list('?status=paused')).map((d) => d['id'])).toEqual([ids.paused]);
    expect((await list('?status=pending')).map((d) => d['id'])).toEqual([ids.expired, ids.leased, ids.retrying, ids.free]);
    expect(await one(ids.delivered)).toMatchObject({ status: 'delivered', delivered_at: at(7).toISOString(), attempts: [{ attempt: 1, status_code: 200, response_excerpt: 'ok' }] });
    expect((await one(ids.failed))['attempts']).toHaveLength(10);
  });

  it('queues every pending delivery with its lease, and no paused or finished one', async () => {
    const rows = await queueRows();
    const expected = [
      { delivery_id: ids.free, lease_token: null, leased_by: null },
      { delivery_id: ids.retrying, lease_token: null, leased_by: null },
      { delivery_id: ids.leased, lease_token: liveLease, leased_by: 'old-worker' },
      { delivery_id: ids.expired, lease_token: expiredLease, leased_by: 'gone-worker' },
    ].sort((a, b) => (a.delivery_id < b.delivery_id ? -1 : 1));
    expect(rows).toEqual(expected.map((row) => ({ ...row, account_id: 'wdc', webhook_id: webhookId, due_at: expect.any(Date) })));
    const columns: string[] = await h.test.db('information_schema.columns').where({ table_name: 'webhook_deliveries' }).pluck('column_name');
    expect(columns).not.toEqual(expect.arrayContaining(['lease_token']));
  });

  it('lets a claim take the due and the expired ones, not the live lease nor the retry still waiting, and then redeliver the paused one', async () => {
    const repos = repositoriesOn(h.test.db).webhookDeliveries;
    const options = { leasedBy: 'new-worker', leaseMs: 60_000, limit: 100, perWebhook: 100, inFlight: [] };
    const { claimed } = await repos.claimDue(options);
    expect(claimed.map((c) => c.delivery.id).sort()).toEqual([ids.free, ids.expired].sort());
    expect(claimed.find((c) => c.delivery.id === ids.expired)!.lease.token).not.toBe(expiredLease);

    await h.post(`/v1/webhooks/${webhookId}/deliveries/${ids.paused}/redeliver`).expect(202);
    expect(await one(ids.paused)).toMatchObject({ status: 'pending', attempt_count: 3 });
    expect((await repos.claimDue(options)).claimed.map((c) => c.delivery.id)).toEqual([ids.paused]);
  });

  it('puts the leases back on the delivery rows when undone', async () => {
    await undoMigrationsFrom(h.test.db, MIGRATION);
    const leased = await h.test.db('webhook_deliveries').where({ id: ids.leased }).first('status', 'lease_token', 'leased_by');
    expect(leased).toEqual({ status: 'pending', lease_token: liveLease, leased_by: 'old-worker' });
    const tables: string[] = await h.test.db('information_schema.tables').where({ table_schema: 'public' }).pluck('table_name');
    expect(tables).not.toContain('webhook_delivery_queue');
    await migrateLatest(h.test.db);
  });
});
