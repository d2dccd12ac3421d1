/**
 * Decision 052 through REST: `ordered` on a webhook (default false, a boolean or a 422), shown in
 * its answers and lists, and its pending deliveries taking their place in event commit order (or
 * leaving it) in the change's transaction. The deliveries are made as the worker makes them: a
 * real change queues its `webhook-event` job, and the fan-out runs on it with the job's id.
 */
import { fanOutWebhookEvent, parseJobPayload } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import request from 'supertest';
import { API_URL, startApiHarness, type ApiHarness } from './support/api-harness.js';

describe('/v1/webhooks — ordered', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h?.drop());

  const valid = { event: 'request.create', uri: 'https://receiver.example/hook' };
  const patch = (id: number, body: Record<string, unknown>) =>
    request(h.app).patch(`/v1/webhooks/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);

  /** A new request through the events intake, fanned out with its job's id: its delivery's id and the job's. */
  async function deliveryOfNewRequest(subject: string): Promise<{ jobId: number }> {
    const created = await h.post('/v1/events').query({ subject }).expect(201);
    const job = await h.test.db('graphile_worker._private_jobs as j')
      .join('graphile_worker._private_tasks as t', 't.id', 'j.task_id')
      .where('t.identifier', 'webhook-event')
      .whereRaw("j.payload->>'object_id' = ? and j.payload->>'event' = 'request.create'", [String(created.body.id)])
      .first<{ id: string; payload: Record<string, unknown> }>('j.id', 'j.payload');
    const parsed = parseJobPayload('webhook-event', job!.payload);
    if (!parsed.ok) throw new Error(parsed.reason);
    await fanOutWebhookEvent(parsed.payload, { jobId: String(job!.id), eventAt: new Date(), apiUrl: API_URL }, createUnitOfWork(h.test.db));
    return { jobId: Number(job!.id) };
  }
  const queued = (webhookId: number) =>
    h.test.db('webhook_delivery_queue').where({ webhook_id: webhookId }).orderBy('delivery_id').pluck<Array<number | null>>('ordered_seq');

  it('defaults to false, takes true, shows it in the answer, the single output and the list', async () => {
    const plain = (await h.post('/v1/webhooks').send(valid).expect(200)).body;
    expect(plain.ordered).toBe(false);
    const ordered = (await h.post('/v1/webhooks').send({ ...valid, ordered: true }).expect(200)).body;
    expect(ordered.ordered).toBe(true);
    expect((await h.get(`/v1/webhooks/${ordered.id}`).expect(200)).body.ordered).toBe(true);
    const listed = (await h.get('/v1/webhooks').query({ id: `${plain.id},${ordered.id}` }).expect(200)).body as Array<Record<string, unknown>>;
    // Like `disabled`, shown in a list only when true.
    expect(listed).toEqual([expect.not.objectContaining({ ordered: expect.anything() }), expect.objectContaining({ id: ordered.id, ordered: true })]);
    expect(((await patch(ordered.id, { ordered: false }).expect(200)).body as { ordered: boolean }).ordered).toBe(false);
  });

  it('refuses anything but a boolean with 422, naming the field, and writes nothing', async () => {
    for (const value of ['yes', 1, null, 'true']) {
      const res = await h.post('/v1/webhooks').send({ ...valid, name: 'Refused', ordered: value }).expect(422);
      expect(res.body.message).toBe('Validation Failed');
      expect((res.body.errors as Array<[string, string]>).map(([field]) => field)).toEqual(['ordered']);
    }
    const id = (await h.post('/v1/webhooks').send(valid).expect(200)).body.id as number;
    expect((await patch(id, { ordered: 'yes' }).expect(422)).body.errors.map(([field]: [string, string]) => field)).toEqual(['ordered']);
    expect((await h.get(`/v1/webhooks/${id}`).expect(200)).body.ordered).toBe(false);
    expect(await h.test.db('webhooks').where({ name: 'Refused' }).pluck('id')).toEqual([]);
  });

  it('puts the pending deliveries in commit order when turned on, takes them out when turned off, and a redelivery takes its place', async () => {
    await h.test.db('webhooks').update({ disabled: true });
    const id = (await h.post('/v1/webhooks').send({ ...valid, name: 'Turned ordered' }).expect(200)).body.id as number;
    const jobs = [await deliveryOfNewRequest('First'), await deliveryOfNewRequest('Second')].map((each) => each.jobId);
    expect(await queued(id)).toEqual([null, null]);

    await patch(id, { ordered: true }).expect(200);
    expect((await queued(id)).sort()).toEqual([...jobs].sort());
    const third = await deliveryOfNewRequest('Third, made ordered');
    expect((await queued(id)).sort()).toEqual([...jobs, third.jobId].sort());

    // Delivered, then redelivered: back in the queue at its event's place.
    const [delivered] = await h.test.db('webhook_deliveries').where({ webhook_id: id, event_seq: jobs[0] }).pluck<string[]>('id');
    await h.test.db('webhook_delivery_queue').where({ delivery_id: delivered }).delete();
    await h.test.db('webhook_deliveries').where({ id: delivered }).update({ status: 'delivered', delivered_at: new Date(), next_attempt_at: null });
    await h.post(`/v1/webhooks/${id}/deliveries/${delivered}/redeliver`).expect(202);
    expect(await h.test.db('webhook_delivery_queue').where({ delivery_id: delivered }).first('ordered_seq')).toEqual({ ordered_seq: jobs[0] });

    await patch(id, { ordered: false }).expect(200);
    expect(await queued(id)).toEqual([null, null, null]);
  });
});
