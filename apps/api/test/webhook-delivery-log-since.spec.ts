/**
 * Issue 34 item 4 (decision 057): the delivery log says how far back it goes. `GET
 * /v1/webhooks/:id/deliveries` answers `X-Delivery-Log-Since`, the start of the oldest day the log
 * still holds; when a day is dropped after the retention period the header moves with it, and a
 * delivery of that day is no longer listed nor found.
 */
import { randomUUID } from 'node:crypto';
import { createDeliveryLogPartitions, dropExpiredDeliveryLogPartitions } from '@tessera/persistence';
import { insertDeliveryRows } from '@tessera/persistence/testing';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const daysAgo = (n: number) => new Date(today - n * DAY_MS);

describe('how far back the delivery log goes', () => {
  let h: ApiHarness;
  let webhookId: number;

  beforeAll(async () => {
    h = await startApiHarness();
    webhookId = (await h.post('/v1/webhooks').send({ event: 'request.create', uri: 'https://receiver.example/hook' }).expect(200)).body.id;
  });
  afterAll(() => h?.drop());

  const since = async () => (await h.get(`/v1/webhooks/${webhookId}/deliveries`).expect(200)).headers['x-delivery-log-since'];

  it('answers the start of the oldest day kept, and a later one once that day is dropped', async () => {
    expect(await since()).toBe(new Date(today).toISOString());

    await createDeliveryLogPartitions(h.test.db, daysAgo(40), daysAgo(39));
    const old = randomUUID();
    await insertDeliveryRows(h.test.db, [{
      id: old, account_id: 'wdc', webhook_id: webhookId, event: 'request.create', message: '{}', event_at: daysAgo(40), created_at: daysAgo(40),
      status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: daysAgo(40),
    }]);
    expect(await since()).toBe(daysAgo(40).toISOString());
    await h.get(`/v1/webhooks/${webhookId}/deliveries/${old}`).expect(200);

    const { dropped } = await dropExpiredDeliveryLogPartitions(h.test.db, { retentionDays: 30 });
    expect(dropped.map((p) => p.from)).toEqual([daysAgo(40)]);
    expect(await since()).toBe(new Date(today).toISOString());
    await h.get(`/v1/webhooks/${webhookId}/deliveries/${old}`).expect(404);
    expect((await h.get(`/v1/webhooks/${webhookId}/deliveries`).expect(200)).body).toEqual([]);
  });

  it('keeps a day past retention that holds a paused delivery, and says the log goes back to it', async () => {
    await createDeliveryLogPartitions(h.test.db, daysAgo(35), daysAgo(34));
    const paused = randomUUID();
    await insertDeliveryRows(h.test.db, [{
      id: paused, account_id: 'wdc', webhook_id: webhookId, event: 'request.create', message: '{}', event_at: daysAgo(35), created_at: daysAgo(35),
      status: 'paused', paused_reason: 'the webhook is disabled', attempts: 0, next_attempt_at: null,
    }]);
    const { dropped, kept } = await dropExpiredDeliveryLogPartitions(h.test.db, { retentionDays: 30 });
    expect(dropped).toEqual([]);
    expect(kept).toEqual([expect.objectContaining({ from: daysAgo(35), reason: 'it holds a paused delivery' })]);
    expect(await since()).toBe(daysAgo(35).toISOString());
    expect((await h.get(`/v1/webhooks/${webhookId}/deliveries/${paused}`).expect(200)).body).toMatchObject({ status: 'paused' });
  });
});
