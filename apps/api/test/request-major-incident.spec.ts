import { listQueuedJobs } from '@tessera/persistence';
import { clearRequests, queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

describe('A request\'s major incident status — PATCH/POST /v1/requests (docs/decisions/045)', () => {
  let h: ApiHarness;
  let agent: string;
  beforeAll(async () => {
    h = await startApiHarness();
    agent = await tokenFor(h, h.demo.agent.email, ['request:*']);
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const create = (body: Record<string, unknown>, token?: string) => call(h, 'post', '/v1/requests', token).send(body);
  const patch = (id: number, body: Record<string, unknown>, token?: string) => call(h, 'patch', `/v1/requests/${id}`, token).send(body);
  const laterEvents = async (id: number) => (await queuedEvents(h, id)).filter((e) => e.event !== 'request.create').map((e) => e.event).sort();
  const stored = async (id: number) => (await h.test.db('requests').where({ id }).first('major_incident_status')).major_incident_status as string | null;

  it('is null on a new request, and an agent proposes it: request.update and request.major-incident-status-changed, once each', async () => {
    const { id, major_incident_status } = (await create({ subject: 'Mail is down for everyone' }).expect(201)).body;
    expect(major_incident_status).toBeNull();

    const res = await patch(id, { major_incident_status: 'proposed' }, agent).expect(200);

    expect(res.body.major_incident_status).toBe('proposed');
    expect(await laterEvents(id)).toEqual(['request.major-incident-status-changed', 'request.update']);
    const changed = (await queuedEvents(h, id)).find((e) => e.event === 'request.major-incident-status-changed')!;
    expect(changed.payload).toMatchObject({ major_incident_status: 'proposed', previous_major_incident_status: null });
    expect(changed.payload).not.toHaveProperty('status');
  });

  it('lets an administrator accept, then resolve, each move firing its event with the new and previous status', async () => {
    const { id } = (await create({ subject: 'Mail is down' }).expect(201)).body;
    await patch(id, { major_incident_status: 'proposed' }, agent).expect(200);
    await patch(id, { major_incident_status: 'accepted' }).expect(200);
    await patch(id, { major_incident_status: 'resolved' }).expect(200);

    const moves = (await queuedEvents(h, id)).filter((e) => e.event === 'request.major-incident-status-changed').map((e) => [e.payload['previous_major_incident_status'], e.payload['major_incident_status']]);
    expect(moves.sort()).toEqual([['accepted', 'resolved'], ['proposed', 'accepted'], [null, 'proposed']].sort());
    expect((await queuedEvents(h, id)).filter((e) => e.event === 'request.update')).toHaveLength(3);
  });

  it('fires nothing when the status given is the one stored', async () => {
    const { id } = (await create({ subject: 'Mail is down' }).expect(201)).body;
    await patch(id, { major_incident_status: 'proposed' }, agent).expect(200);
    const before = (await queuedEvents(h, id)).length;
    const res = await patch(id, { major_incident_status: 'proposed' }, agent).expect(200);
    expect(res.body.major_incident_status).toBe('proposed');
    expect(await queuedEvents(h, id)).toHaveLength(before);
  });

  it('returns 403 naming the field when an agent accepts, rejects, resolves or cancels, and changes nothing', async () => {
    const { id } = (await create({ subject: 'Mail is down' }).expect(201)).body;
    await patch(id, { major_incident_status: 'proposed' }, agent).expect(200);
    const before = (await listQueuedJobs(h.test.db)).length;
    for (const status of ['accepted', 'rejected', 'canceled']) {
      const res = await patch(id, { major_incident_status: status, subject: 'Changed' }, agent).expect(403);
      expect(res.body).toEqual({ message: 'Forbidden', reason: `Only an administrator may move major_incident_status to ${status}` });
    }
    expect(await stored(id)).toBe('proposed');
    expect((await h.test.db('requests').where({ id }).first('subject')).subject).toBe('Mail is down');
    expect(await listQueuedJobs(h.test.db)).toHaveLength(before);
  });

  it('returns 422 naming the field for a move that makes no sense, a value not in the list, and clearing it, and changes nothing', async () => {
    const { id } = (await create({ subject: 'Mail is down' }).expect(201)).body;
    const resolved = await patch(id, { major_incident_status: 'resolved' }).expect(422);
    expect(resolved.body).toEqual({ message: 'Validation Failed', errors: [['major_incident_status', 'Major incident status cannot move from none to resolved (from none: proposed, accepted)']] });
    expect((await patch(id, { major_incident_status: 'huge' }).expect(422)).body.errors).toEqual([['major_incident_status', expect.stringContaining('is not included in the list')]]);
    await patch(id, { major_incident_status: 'proposed' }, agent).expect(200);
    const cleared = await patch(id, { major_incident_status: null }).expect(422);
    expect(cleared.body.errors).toEqual([['major_incident_status', 'Major incident status cannot be cleared once set (it is proposed)']]);
    const before = (await listQueuedJobs(h.test.db)).length;
    expect((await patch(id, { major_incident_status: 'resolved', subject: 'Changed' }).expect(422)).body.errors)
      .toEqual([['major_incident_status', expect.stringContaining('cannot move from proposed to resolved')]]);
    expect(await stored(id)).toBe('proposed');
    expect(await listQueuedJobs(h.test.db)).toHaveLength(before);
  });

  it('takes it on a new request as the same rules allow: an agent proposes, only an administrator declares one accepted', async () => {
    const proposed = (await create({ subject: 'Mail is down', major_incident_status: 'proposed' }, agent).expect(201)).body;
    expect(proposed.major_incident_status).toBe('proposed');
    expect((await queuedEvents(h, proposed.id)).map((e) => e.event)).toEqual(['request.create']);
    expect((await create({ subject: 'Mail is down', major_incident_status: 'accepted' }, agent).expect(403)).body.reason).toContain('major_incident_status');
    expect((await create({ subject: 'Mail is down', major_incident_status: 'accepted' }).expect(201)).body.major_incident_status).toBe('accepted');
  });

  it('filters the requests collection by it', async () => {
    const { id } = (await create({ subject: 'Mail is down' }).expect(201)).body;
    await create({ subject: 'Printer jam' }).expect(201);
    await patch(id, { major_incident_status: 'proposed' }, agent).expect(200);
    const res = await call(h, 'get', '/v1/requests?major_incident_status=proposed&fields=subject,major_incident_status').expect(200);
    expect(res.body).toEqual([expect.objectContaining({ id, subject: 'Mail is down', major_incident_status: 'proposed' })]);
  });
});
