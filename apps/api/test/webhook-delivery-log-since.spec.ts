/**
 * Issue 34 item 4 (decision 057): the delivery log says how far back it goes. `GET
 * /v1/webhooks/:id/deliveries` answers `X-Delivery-Log-Since`, the start of the oldest week the log
 * still holds; when a week is dropped after the retention period the header moves with it, and a
 * delivery of that week is no longer listed nor found.
 */
import { randomUUID } from 'node:crypto';
import { createDeliveryLogPartitions, dropExpiredDeliveryLogPartitions, weekOf } from '@tessera/persistence';
import { insertDeliveryRows } from '@tessera/persistence/testing';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

const WEEK_MS = 7 * 86_400_000;
const thisWeek = weekOf(new Date()).getTime();
const weeksAgo = (n: number) => new Date(thisWeek - n * WEEK_MS);

describe('how far back the delivery log goes', () => {
  let h: ApiHarness;
  let webhookId: number;

  beforeAll(async () => {
    h = await startApiHarness();
    webhookId = (await h.post('/v1/webhooks').send({ event: 'request.create', uri: 'https://receiver.example/hook' }).expect(200)).body.id;
  });
  afterAll(() => h?.drop());

  const since = async () => (await h.get(`/v1/webhooks/${webhookId}/deliveries`).expect(200)).headers['x-delivery-log-since'];

  it('answers the start of the oldest week kept, and a later one once that week is dropped', async () => {
    expect(await since()).toBe(new Date(thisWeek).toISOString());

    await createDeliveryLogPartitions(h.test.db, weeksAgo(6), weeksAgo(5));
    const old = randomUUID();
    await insertDeliveryRows(h.test.db, [{
      id: old, account_id: 'wdc', webhook_id: webhookId, event: 'request.create', message: '{}', event_at: weeksAgo(6), created_at: weeksAgo(6),
      status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: weeksAgo(6),
    }]);
    expect(await since()).toBe(weeksAgo(6).toISOString());
    await h.get(`/v1/webhooks/${webhookId}/deliveries/${old}`).expect(200);

    const { dropped } = await dropExpiredDeliveryLogPartitions(h.test.db, { retentionDays: 30 });
    expect(dropped.map((p) => p.from)).toEqual([weeksAgo(6)]);
    expect(await since()).toBe(new Date(thisWeek).toISOString());
    await h.get(`/v1/webhooks/${webhookId}/deliveries/${old}`).expect(404);
    expect((await h.get(`/v1/webhooks/${webhookId}/deliveries`).expect(200)).body).toEqual([]);
  });

  it('keeps a week past retention that holds a paused delivery, and says the log goes back to it', async () => {
    await createDeliveryLogPartitions(h.test.db, weeksAgo(7), weeksAgo(6));
    const paused = randomUUID();
    await insertDeliveryRows(h.test.db, [{
      id: paused, account_id: 'wdc', webhook_id: webhookId, event: 'request.create', message: '{}', event_at: weeksAgo(7), created_at: weeksAgo(7),
      status: 'paused', paused_reason: 'the webhook is disabled', attempts: 0, next_attempt_at: null,
    }]);
    const { dropped, kept } = await dropExpiredDeliveryLogPartitions(h.test.db, { retentionDays: 30 });
    expect(dropped).toEqual([]);
    expect(kept).toEqual([expect.objectContaining({ from: weeksAgo(7), reason: 'it holds a paused delivery' })]);
    expect(await since()).toBe(weeksAgo(7).toISOString());
    expect((await h.get(`/v1/webhooks/${webhookId}/deliveries/${paused}`).expect(200)).body).toMatchObject({ status: 'paused' });
  });
});
