/**
 * `POST /v1/webhooks/:id/redeliver` (issue 19 item 5, decision 024): the paused
 * and failed deliveries of an event_at range get a fresh series, due now, in
 * batches; the answer says how many. A disabled webhook is refused until it is
 * enabled; a bad body is a 422 naming the field.
 */
import { randomUUID } from 'node:crypto';
import { PAUSED_REASONS, REDELIVERY_BATCH } from '@tessera/domain';
import { insertDeliveryRows } from '@tessera/persistence/testing';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { foreignWebhook } from './support/webhook-calls.js';

const T = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

describe('POST /v1/webhooks/:id/redeliver', () => {
  let h: ApiHarness;
  let webhookId: number;

  beforeAll(async () => {
    h = await startApiHarness();
    webhookId = (await h.post('/v1/webhooks').send({ event: 'request.create', uri: 'https://receiver.example/hook' }).expect(200)).body.id;
  });
  afterAll(() => h?.drop());

  const insert = async (rows: Array<{ minute: number; status: string; test?: boolean; webhook?: number }>) => {
    const ids = rows.map(() => randomUUID());
    await insertDeliveryRows(h.test.db, rows.map((row, i) => ({
      id: ids[i], account_id: 'wdc', webhook_id: row.webhook ?? webhookId, event: 'request.create', test: row.test ?? false, message: '{}',
      event_at: T(row.minute), status: row.status, attempts: row.status === 'pending' ? 0 : 3,
      paused_reason: row.status === 'paused' ? PAUSED_REASONS.afterFailures : null,
      next_attempt_at: row.status === 'pending' ? T(row.minute) : null,
      delivered_at: row.status === 'delivered' ? T(row.minute) : null,
    })));
    return ids;
  };
  const statusOf = async (ids: string[]) =>
    (await h.test.db('webhook_deliveries').whereIn('id', ids).select('id', 'status', 'attempts', 'paused_reason')).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
      .map((row) => [row.status, row.attempts, row.paused_reason]);

  // Queue rows go with their webhook, not with a delivery deleted on its own (decision 057).
  beforeEach(async () => {
    await h.test.db('webhook_delivery_queue').del();
    await h.test.db('webhook_deliveries').del();
  });

  it('queues the paused and failed deliveries since a time, and nothing else', async () => {
    const ids = await insert([
      { minute: 1, status: 'paused' }, { minute: 2, status: 'paused' }, { minute: 3, status: 'failed' }, { minute: 4, status: 'delivered' },
      { minute: 5, status: 'failed', test: true }, { minute: 0, status: 'paused' },
    ]);
    const before = Date.now();
    const res = await h.post(`/v1/webhooks/${webhookId}/redeliver`).send({ since: T(1).toISOString() }).expect(202);

    expect(res.body).toEqual({ queued: 3 });
    expect(await statusOf(ids)).toEqual([
      ['pending', 0, null], ['pending', 0, null], ['pending', 0, null], ['delivered', 3, null], ['failed', 3, null], ['paused', 3, PAUSED_REASONS.afterFailures],
    ]);
    const [due] = await h.test.db('webhook_deliveries').where({ id: ids[0] }).select('next_attempt_at');
    expect(due.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('takes from inclusive and to exclusive, and the statuses asked for', async () => {
    const ids = await insert([{ minute: 1, status: 'failed' }, { minute: 2, status: 'paused' }, { minute: 3, status: 'failed' }, { minute: 4, status: 'failed' }]);
    const res = await h.post(`/v1/webhooks/${webhookId}/redeliver`).send({ from: T(1).toISOString(), to: T(4).toISOString(), status: 'failed' }).expect(202);

    expect(res.body).toEqual({ queued: 2 });
    expect((await statusOf(ids)).map(([status]) => status)).toEqual(['pending', 'paused', 'pending', 'failed']);
  });

  it(`queues a range larger than one batch (${REDELIVERY_BATCH}) whole`, async () => {
    const n = REDELIVERY_BATCH * 2 + 7;
    await insert(Array.from({ length: n }, (_, i) => ({ minute: i % 50, status: i % 2 ? 'paused' : 'failed' })));
    const res = await h.post(`/v1/webhooks/${webhookId}/redeliver`).send({ since: T(0).toISOString(), status: ['paused', 'failed'] }).expect(202);

    expect(res.body).toEqual({ queued: n });
    const rows: Array<{ status: string; n: string | number }> = await h.test.db('webhook_deliveries').where({ webhook_id: webhookId }).groupBy('status').select('status').count({ n: '*' });
    expect(rows.map((row) => [row.status, Number(row.n)])).toEqual([['pending', n]]);
  });

  it('refuses a disabled webhook with 409 until it is enabled', async () => {
    const ids = await insert([{ minute: 1, status: 'paused' }]);
    await h.test.db('webhooks').where({ id: webhookId }).update({ disabled: true });
    const res = await h.post(`/v1/webhooks/${webhookId}/redeliver`).send({ since: T(0).toISOString() }).expect(409);
    expect(res.body.message).toMatch(new RegExp(`^webhook ${webhookId} is disabled: enable it first`));
    expect((await statusOf(ids))[0]![0]).toBe('paused');

    await h.test.db('webhooks').where({ id: webhookId }).update({ disabled: false });
    expect((await h.post(`/v1/webhooks/${webhookId}/redeliver`).send({ since: T(0).toISOString() }).expect(202)).body).toEqual({ queued: 1 });
  });

  it('answers 422 naming the field for a body that does not say a range', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'since'],
      [{ since: T(1).toISOString(), from: T(1).toISOString(), to: T(2).toISOString() }, 'since'],
      [{ from: T(1).toISOString() }, 'to'],
      [{ to: T(1).toISOString() }, 'from'],
      [{ from: T(2).toISOString(), to: T(1).toISOString() }, 'to'],
      [{ since: 'yesterday' }, 'since'],
      [{ since: T(1).toISOString(), status: 'delivered' }, 'status'],
      [{ since: T(1).toISOString(), status: [] }, 'status'],
      [{ since: T(1).toISOString(), sinse: 'typo' }, '(body)'],
    ];
    for (const [body, field] of cases) {
      const res = await h.post(`/v1/webhooks/${webhookId}/redeliver`).send(body as object).expect(422);
      expect([JSON.stringify(body), res.body.message, res.body.errors.map((e: [string, string]) => e[0])]).toEqual([JSON.stringify(body), 'Validation Failed', [field]]);
    }
  });

  it("answers 404 for an unknown or another account's webhook, and 403 to a non-administrator", async () => {
    const foreign = await foreignWebhook(h);
    const ids = await insert([{ minute: 1, status: 'paused', webhook: foreign }]);
    for (const id of [999999, 'abc', foreign]) await h.post(`/v1/webhooks/${id}/redeliver`).send({ since: T(0).toISOString() }).expect(404);
    await h.post(`/v1/webhooks/${webhookId}/redeliver`, h.demo.agent.token).send({ since: T(0).toISOString() }).expect(403);
    expect((await statusOf(ids))[0]![0]).toBe('paused');
  });
});
