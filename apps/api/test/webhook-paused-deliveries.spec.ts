/**
 * Issue 19 item 5 through REST: disabling a webhook by hand pauses its pending
 * deliveries (kept, with why, in the delivery log), and enabling it again
 * sends none of them by itself. The deliveries are made as the worker makes
 * them: a real change queues its `webhook-event` job, and the fan-out runs on it.
 */
import { PAUSED_REASONS, fanOutWebhookEvent, parseJobPayload } from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { deliveryRows } from '@tessera/persistence/testing';
import request from 'supertest';
import { API_URL, startApiHarness, type ApiHarness } from './support/api-harness.js';

interface LoggedDelivery {
  id: string;
  status: string;
  paused_reason: string | null;
  next_attempt_at: string | null;
  test: boolean;
}

describe('paused deliveries in the delivery log', () => {
  let h: ApiHarness;
  let webhookId: number;
  let fanned = 0;
  const patch = (path: string) => request(h.app).patch(path).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account);
  const log = async (query = ''): Promise<LoggedDelivery[]> => (await h.get(`/v1/webhooks/${webhookId}/deliveries${query}`).expect(200)).body;
  const deliveryJobCount = async () => (await listQueuedJobs(h.test.db, 'webhook-delivery')).length;

  /** A new request through the events intake, fanned out as the worker would: one delivery to the webhook. */
  async function deliveryOfNewRequest(subject: string): Promise<string> {
    const created = await h.post('/v1/events').query({ subject }).expect(201);
    const job = (await listQueuedJobs(h.test.db, 'webhook-event')).find((queued) => queued.payload['object_id'] === created.body.id && queued.payload['event'] === 'request.create');
    const parsed = parseJobPayload('webhook-event', job!.payload);
    if (!parsed.ok) throw new Error(parsed.reason);
    fanned += 1;
    await fanOutWebhookEvent(parsed.payload, { jobId: `paused-spec-${fanned}`, eventAt: new Date(), apiUrl: API_URL }, createUnitOfWork(h.test.db));
    const row = await deliveryRows(h.test.db).where({ webhook_id: webhookId }).whereRaw("message->>'object_id' = ?", [String(created.body.id)]).first('id');
    return row.id;
  }

  beforeAll(async () => {
    h = await startApiHarness();
    webhookId = (await h.post('/v1/webhooks').send({ event: 'request.create', uri: 'https://receiver.example/hook', name: 'Creations' }).expect(200)).body.id;
  });
  afterAll(() => h?.drop());

  it('shows a pending delivery with no paused_reason and its next attempt', async () => {
    const id = await deliveryOfNewRequest('Pending before the pause');
    const [delivery] = await log();
    expect(delivery).toMatchObject({ id, status: 'pending', paused_reason: null, test: false });
    expect(Date.parse(delivery!.next_attempt_at!)).not.toBeNaN();
  });

  it('pauses the pending deliveries when the webhook is disabled, saying why; tests and finished deliveries stay as they were', async () => {
    const delivered = await deliveryOfNewRequest('Delivered already');
    await h.test.db('webhook_deliveries').where({ id: delivered }).update({ status: 'delivered', delivered_at: new Date(), next_attempt_at: null });
    await h.post(`/v1/webhooks/${webhookId}/test`).expect(204);

    const res = await patch(`/v1/webhooks/${webhookId}`).send({ disabled: true }).expect(200);

    expect(res.body.disabled).toBe(true);
    const byId = new Map((await log()).map((delivery) => [delivery.id, delivery]));
    const statuses = [...byId.values()].map((d) => [d.test ? 'test' : d.id === delivered ? 'delivered' : 'event', d.status, d.paused_reason]);
    expect(statuses.sort()).toEqual([
      ['delivered', 'delivered', null],
      ['event', 'paused', PAUSED_REASONS.disabledByAdministrator],
      ['test', 'pending', null],
    ]);
    const paused = await log('?status=paused');
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({ status: 'paused', paused_reason: 'the webhook is disabled', next_attempt_at: null });
    const one = (await h.get(`/v1/webhooks/${webhookId}/deliveries/${paused[0]!.id}`).expect(200)).body;
    expect(one).toMatchObject({ status: 'paused', paused_reason: 'the webhook is disabled', next_attempt_at: null, attempt_count: 0 });
  });

  it('selects paused_reason as a field and refuses an unknown status filter with a 400', async () => {
    expect(await log('?status=paused&fields=paused_reason')).toEqual([{ id: expect.any(String), paused_reason: 'the webhook is disabled' }]);
    const bad = await h.get(`/v1/webhooks/${webhookId}/deliveries?status=stopped`).expect(400);
    expect(bad.body).toEqual({ message: expect.stringContaining('status') });
  });

  it('changes no delivery and queues nothing when the webhook is enabled again', async () => {
    const before = await log();
    const jobs = await deliveryJobCount();

    const res = await patch(`/v1/webhooks/${webhookId}`).send({ disabled: false }).expect(200);

    expect(res.body.disabled).toBe(false);
    expect(await log()).toEqual(before);
    expect(await deliveryJobCount()).toBe(jobs);
  });

  it('documents paused deliveries and how to send them in the API document', async () => {
    const document = (await request(h.app).get('/v1/openapi.json').expect(200)).body;
    expect(document.paths['/v1/webhooks/{id}'].patch.description).toContain('POST /v1/webhooks/{id}/redeliver');
    const schemas = document.components.schemas;
    const summary = schemas[document.paths['/v1/webhooks/{id}/deliveries'].get.responses['200'].content['application/json'].schema.$ref.split('/').pop()];
    expect(JSON.stringify(summary)).toContain('paused_reason');
    expect(JSON.stringify(summary)).toContain('"paused"');
  });
});
