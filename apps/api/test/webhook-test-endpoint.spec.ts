/**
 * `POST /v1/webhooks/:id/test` (SPEC.md: 204, object_id 12345, also for a
 * disabled webhook) and the operators' delivery log: list, one delivery with
 * its attempts, redeliver. The worker's sending of these is tested in
 * apps/webhook-worker/test/webhook-targets.spec.ts.
 */
import { encodeNodeId } from '@tessera/domain';
import { listQueuedJobs } from '@tessera/persistence';
import { deliveryRows } from '@tessera/persistence/testing';
import { API_URL, startApiHarness, type ApiHarness } from './support/api-harness.js';
import { foreignWebhook } from './support/webhook-calls.js';

describe('webhook test endpoint and delivery log', () => {
  let h: ApiHarness;
  let webhookId: number;

  beforeAll(async () => {
    h = await startApiHarness();
    const created = await h.post('/v1/webhooks').send({ event: 'request.update', uri: 'https://receiver.example/hook', name: 'Updates', disabled: true }).expect(200);
    webhookId = created.body.id;
  });
  afterAll(() => h?.drop());

  // Decision 024: a delivery is due in its row (a dispatcher claims it); no job is queued for it.
  const deliveryJobs = () => listQueuedJobs(h.test.db, 'webhook-delivery');
  const deliveries = () => deliveryRows(h.test.db).where({ webhook_id: webhookId }).orderBy('created_at');

  describe('POST /v1/webhooks/:id/test', () => {
    it('answers 204 and queues a test delivery with object_id 12345 to the disabled webhook, signed by the worker', async () => {
      const before = Date.now();
      const res = await h.post(`/v1/webhooks/${webhookId}/test`).expect(204);

      expect(res.text).toBe('');
      const [delivery] = await deliveries();
      const admin = await h.test.db('people').where({ primary_email: h.demo.admin.email }).first('id', 'name');
      expect(delivery).toMatchObject({ account_id: 'wdc', event: 'request.update', test: true, status: 'pending', attempts: 0 });
      expect(delivery.message).toEqual({
        webhook_id: webhookId,
        webhook_nodeID: encodeNodeId('Webhook', webhookId),
        account_id: 'wdc',
        account: `${API_URL}/accounts/wdc`,
        name: 'Updates',
        event: 'request.update',
        object_id: 12345,
        object_nodeID: encodeNodeId('Request', 12345),
        person_id: admin.id,
        person_nodeID: encodeNodeId('Person', admin.id),
        person_name: admin.name,
        payload: { test: true },
      });
      // Due now, unleased: the next claim takes it.
      expect(delivery.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(delivery.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(delivery).toMatchObject({ lease_token: null, paused_reason: null });
      expect(await deliveryJobs()).toEqual([]);
    });

    it("answers 404 for an unknown, malformed or another account's webhook, and queues nothing", async () => {
      const count = async () => Number((await h.test.db('webhook_deliveries').count({ n: '*' }).first())?.['n']);
      const before = await count();
      const foreign = await foreignWebhook(h);
      for (const id of [999999, 'abc', foreign]) {
        const res = await h.post(`/v1/webhooks/${id}/test`).expect(404);
        expect(res.body).toEqual({ message: 'Not Found' });
      }
      expect(await count()).toBe(before);
    });

    it('answers 403 to a non-administrator', async () => {
      const res = await h.post(`/v1/webhooks/${webhookId}/test`, h.demo.agent.token).expect(403);
      expect(res.body).toMatchObject({ message: 'Forbidden' });
      expect(await deliveries()).toHaveLength(1);
    });
  });

  describe('the delivery log', () => {
    let older: string;
    let newer: string;

    beforeAll(async () => {
      await h.test.db('webhook_delivery_queue').where({ webhook_id: webhookId }).del();
      await h.test.db('webhook_deliveries').where({ webhook_id: webhookId }).del();
      await h.post(`/v1/webhooks/${webhookId}/test`).expect(204);
      await h.post(`/v1/webhooks/${webhookId}/test`).expect(204);
      [older, newer] = (await deliveries()).map((d) => d.id as string) as [string, string];
      // As the worker leaves a delivery that gave up: two attempts logged.
      await h.test.db('webhook_deliveries').where({ id: older }).update({ status: 'failed', attempts: 2 });
      const createdAt = h.test.db.raw('(select id_time from webhook_deliveries where id = ?)', [older]);
      await h.test.db('webhook_delivery_attempts').insert([
        { account_id: 'wdc', delivery_id: older, delivery_id_time: createdAt, attempt: 1, started_at: new Date('2026-01-01T10:00:00Z'), duration_ms: 12, status_code: 500, error: '500 Internal Server Error', response_excerpt: 'boom' },
        { account_id: 'wdc', delivery_id: older, delivery_id_time: createdAt, attempt: 2, started_at: new Date('2026-01-01T10:00:30Z'), duration_ms: 10000, status_code: null, error: 'timed out after 10 s', response_excerpt: null },
      ]);
    });

    it('lists deliveries newest first, each with its attempt count and last attempt, with pagination headers', async () => {
      const res = await h.get(`/v1/webhooks/${webhookId}/deliveries`).expect(200);

      expect(res.body.map((d: { id: string }) => d.id)).toEqual([newer, older]);
      expect(res.headers['x-pagination-total-entries']).toBe('2');
      expect(res.body[0]).toMatchObject({ id: newer, test: true, status: 'pending', attempt_count: 0, last_attempt: null });
      expect(res.body[1]).toMatchObject({
        id: older, status: 'failed', attempt_count: 2,
        last_attempt: { attempt: 2, status_code: null, error: 'timed out after 10 s', duration_ms: 10000, started_at: '2026-01-01T10:00:30.000Z' },
      });
      const failed = await h.get(`/v1/webhooks/${webhookId}/deliveries?status=failed&fields=status`).expect(200);
      expect(failed.body).toEqual([{ id: older, status: 'failed' }]);
    });

    it('shows one delivery with its message and every attempt', async () => {
      const res = await h.get(`/v1/webhooks/${webhookId}/deliveries/${older}`).expect(200);

      expect(res.body).toMatchObject({ id: older, event: 'request.update', status: 'failed', attempt_count: 2, message: { object_id: 12345 } });
      expect(res.body.attempts).toEqual([
        { attempt: 1, started_at: '2026-01-01T10:00:00.000Z', duration_ms: 12, status_code: 500, error: '500 Internal Server Error', response_excerpt: 'boom' },
        { attempt: 2, started_at: '2026-01-01T10:00:30.000Z', duration_ms: 10000, status_code: null, error: 'timed out after 10 s', response_excerpt: null },
      ]);
    });

    it("answers 404 for a malformed or unknown delivery id, another webhook's delivery, and another account's webhook", async () => {
      const other = (await h.post('/v1/webhooks').send({ event: 'request.create', uri: 'https://other.example/' }).expect(200)).body.id;
      const foreign = await foreignWebhook(h);
      for (const path of [
        `/v1/webhooks/${webhookId}/deliveries/not-a-uuid`,
        `/v1/webhooks/${webhookId}/deliveries/00000000-0000-4000-8000-000000000000`,
        `/v1/webhooks/${other}/deliveries/${older}`,
        `/v1/webhooks/${foreign}/deliveries`,
        `/v1/webhooks/999999/deliveries`,
      ]) {
        await h.get(path).expect(404);
      }
      await h.post(`/v1/webhooks/${other}/deliveries/${older}/redeliver`).expect(404);
      expect(await h.get(`/v1/webhooks/${other}/deliveries`).expect(200).then((res) => res.body)).toEqual([]);
    });

    it('redelivers: 202, a fresh series for the same delivery id, due now', async () => {
      const res = await h.post(`/v1/webhooks/${webhookId}/deliveries/${older}/redeliver`).expect(202);

      expect(res.body).toMatchObject({ id: older, status: 'pending', delivered_at: null });
      const row = await deliveryRows(h.test.db).where({ id: older }).first();
      expect(row).toMatchObject({ status: 'pending', attempts: 0, lease_token: null });
      expect(row.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await deliveryJobs()).toEqual([]);
      // The attempt log stays: the next attempt will be number 3.
      expect((await h.get(`/v1/webhooks/${webhookId}/deliveries/${older}`).expect(200)).body.attempt_count).toBe(2);
    });

    it('answers 403 to a non-administrator on every delivery route', async () => {
      await h.get(`/v1/webhooks/${webhookId}/deliveries`, h.demo.agent.token).expect(403);
      await h.get(`/v1/webhooks/${webhookId}/deliveries/${older}`, h.demo.agent.token).expect(403);
      await h.post(`/v1/webhooks/${webhookId}/deliveries/${older}/redeliver`, h.demo.agent.token).expect(403);
    });
  });
});
