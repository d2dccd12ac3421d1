import request from 'supertest';
import { queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/time_entries` and `/v1/out_of_office_periods` (issue 31, docs/decisions/041): what the
 * record contract (record-contract.spec.ts) does not cover — anyone with the scopes writes their
 * own, administrators anyone's; a person of the directory account may be named; a negative time
 * only in a correction; a period never ends before it starts; every event carries the record.
 */
describe('time entries and out-of-office periods, each a person’s own', () => {
  let h: ApiHarness;
  let agent: string;
  let agentId: number;
  let adminId: number;
  let directoryPerson: number;
  const as = (token: string) => ({
    post: (path: string, body: object) => request(h.app).post(path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account).send(body),
    patch: (path: string, body: object) => request(h.app).patch(path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account).send(body),
    delete: (path: string) => request(h.app).delete(path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account),
  });

  beforeAll(async () => {
    h = await startApiHarness();
    agent = await tokenFor(h, h.demo.agent.email, ['time_entry:*', 'out_of_office_period:*']);
    agentId = (await h.test.db('people').where({ primary_email: h.demo.agent.email }).first('id')).id as number;
    adminId = (await h.test.db('people').where({ primary_email: h.demo.admin.email }).first('id')).id as number;
    [{ id: directoryPerson }] = await h.test.db('people').insert({ account_id: 'widget', name: 'Dana Directory', primary_email: 'dana.directory@widget.example' }).returning('id');
  });
  afterAll(() => h.drop());

  it('makes the caller the person by default; an agent writes and deletes only their own, an administrator anyone’s', async () => {
    const own = await as(agent).post('/v1/time_entries', { date: '2026-11-02', time_spent: 45, description: 'Patching' }).expect(201);
    expect(own.body).toMatchObject({ person: { id: agentId, name: expect.any(String) }, date: '2026-11-02', time_spent: 45, correction: false });
    const rule = 'A time entry of another person is written by the administrators of the account';
    expect((await as(agent).post('/v1/time_entries', { date: '2026-11-02', time_spent: 5, person_id: adminId }).expect(403)).body.reason).toBe(rule);
    await as(agent).patch(`/v1/time_entries/${own.body.id}`, { time_spent: 50 }).expect(200);
    expect((await as(agent).patch(`/v1/time_entries/${own.body.id}`, { person_id: adminId }).expect(403)).body.reason).toBe(rule);
    const theirs = (await h.post('/v1/time_entries').send({ date: '2026-11-02', time_spent: 30, person_id: agentId }).expect(201)).body.id as number;
    const admins = (await h.post('/v1/time_entries').send({ date: '2026-11-02', time_spent: 30 }).expect(201)).body as { id: number; person: { id: number } };
    expect(admins.person.id).toBe(adminId);
    await as(agent).patch(`/v1/time_entries/${admins.id}`, { time_spent: 1 }).expect(403);
    await as(agent).delete(`/v1/time_entries/${admins.id}`).expect(403);
    await as(agent).delete(`/v1/time_entries/${theirs}`).expect(204);
    await as(h.demo.admin.token).delete(`/v1/time_entries/${admins.id}`).expect(204);
    expect((await h.get(`/v1/time_entries/${own.body.id}`).expect(200)).body.time_spent).toBe(50);
  });

  it('names a person of the directory account, and no person of another account', async () => {
    const entry = await h.post('/v1/time_entries').send({ date: '2026-11-03', time_spent: 15, person_id: directoryPerson }).expect(201);
    expect(entry.body.person).toEqual({ id: directoryPerson, name: 'Dana Directory', nodeID: expect.any(String) });
    await h.test.db('accounts').insert({ id: 'elsewhere', name: 'Elsewhere' }).onConflict('id').ignore();
    const [{ id: stranger }] = await h.test.db('people').insert({ account_id: 'elsewhere', name: 'Stranger', primary_email: 'stranger@elsewhere.example' }).returning('id');
    const refused = await h.post('/v1/time_entries').send({ date: '2026-11-03', time_spent: 15, person_id: stranger }).expect(422);
    expect(refused.body.errors).toEqual([['person_id', `Person: no person of the account has the id ${stranger}`]]);
    const period = await h.post('/v1/out_of_office_periods').send({ start_at: '2026-12-01T00:00:00Z', end_at: '2026-12-02T00:00:00Z', approval_delegate_id: directoryPerson }).expect(201);
    expect(period.body.approval_delegate).toMatchObject({ id: directoryPerson, name: 'Dana Directory' });
  });

  it('takes a negative time spent only in a correction, and a whole day at most', async () => {
    expect((await h.post('/v1/time_entries').send({ date: '2026-11-04', time_spent: -30 }).expect(422)).body.errors).toEqual([['time_spent', 'Time spent may only be negative in a correction']]);
    const correction = (await h.post('/v1/time_entries').send({ date: '2026-11-04', time_spent: -30, correction: true }).expect(201)).body.id as number;
    expect((await as(h.demo.admin.token).patch(`/v1/time_entries/${correction}`, { correction: false }).expect(422)).body.errors).toEqual([['time_spent', 'Time spent may only be negative in a correction']]);
    expect((await h.post('/v1/time_entries').send({ date: '2026-11-04', time_spent: 1441 }).expect(422)).body.errors).toEqual([['time_spent', 'Time spent must be less than or equal to 1440']]);
  });

  it('never ends a period before it starts, in a create and a change; the same moment is no change', async () => {
    const before = ['end_at', 'End at may not be before the start at'];
    expect((await h.post('/v1/out_of_office_periods').send({ start_at: '2026-12-10T09:00:00Z', end_at: '2026-12-10T08:59:59Z' }).expect(422)).body.errors).toEqual([before]);
    const period = (await as(agent).post('/v1/out_of_office_periods', { start_at: '2026-12-10T09:00:00Z', end_at: '2026-12-11T17:00:00Z', reason: 'Training' }).expect(201)).body as { id: number };
    expect((await as(agent).patch(`/v1/out_of_office_periods/${period.id}`, { start_at: '2026-12-12T00:00:00Z' }).expect(422)).body.errors).toEqual([before]);
    await as(agent).patch(`/v1/out_of_office_periods/${period.id}`, { start_at: '2026-12-10T10:00:00+01:00' }).expect(200);
    const events = (await queuedEvents(h)).filter((job) => job.object_id === period.id && job.event.startsWith('out_of_office_period.'));
    expect(events.map((job) => job.event)).toEqual(['out_of_office_period.create']);
  });

  it('carries the record in every event, references with their node IDs, and what a deleted one held', async () => {
    const entry = (await as(agent).post('/v1/time_entries', { date: '2026-11-05', time_spent: 20, description: 'Review' }).expect(201)).body as { id: number };
    await as(agent).patch(`/v1/time_entries/${entry.id}`, { time_spent: 25 }).expect(200);
    await as(agent).delete(`/v1/time_entries/${entry.id}`).expect(204);
    const events = (await queuedEvents(h)).filter((job) => job.object_id === entry.id && job.event.startsWith('time_entry.'));
    expect(events.map((job) => [job.event, job.payload['time_spent']])).toEqual([['time_entry.create', 20], ['time_entry.update', 25], ['time_entry.delete', 25]]);
    expect(events[2]!.payload).toMatchObject({
      date: '2026-11-05', description: 'Review', correction: false, customer: null, request: null,
      person: { id: agentId, nodeID: expect.any(String), name: expect.any(String) }, audit_line_id: expect.any(Number),
    });
    const audit = await h.test.db('audit_lines').where({ record_type: 'TimeEntry', record_id: entry.id }).orderBy('id').pluck('action');
    expect(audit).toEqual(['create', 'update', 'delete']);
  });
});
