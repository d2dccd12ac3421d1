import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * What a person without a role in the account (an end user) may see: only the
 * requests they requested or that were requested for them, and never internal
 * notes — on every read and through the events intake.
 */
describe('Requests seen by a person without a role in the account', () => {
  let h: ApiHarness;
  let dana: string;
  let danaId: number;
  let theirs: number;
  let forThem: number;
  let others: number;

  beforeAll(async () => {
    h = await startApiHarness();
    danaId = await h.id('people', { primary_email: 'dana@widget.example' });
    dana = await tokenFor(h, 'dana@widget.example', ['request:*']);
    others = (await h.post('/v1/events').query({ subject: 'Admin only', note: 'public words', internal_note: 'agents only' }).expect(201)).body.id;
    forThem = (await h.post('/v1/events').query({ subject: 'For Dana', requested_for: 'dana@widget.example', note: 'visible', internal_note: 'hidden from Dana' }).expect(201)).body.id;
    theirs = (await h.post('/v1/events', dana).query({ subject: 'By Dana' }).expect(201)).body.id;
  });
  afterAll(() => h.drop());

  it('lists only the requests the person requested or that are requested for them', async () => {
    const res = await h.get('/v1/requests?per_page=100', dana).expect(200);
    expect(res.body.map((r: { id: number }) => r.id).sort()).toEqual([theirs, forThem].sort());
    expect(res.headers['x-pagination-total-entries']).toBe('2');
  });

  it('answers 404 for a request of somebody else, and for its notes', async () => {
    await h.get(`/v1/requests/${others}`, dana).expect(404);
    await h.get(`/v1/requests/${others}/notes`, dana).expect(404);
    await h.get(`/v1/requests/${forThem}`, dana).expect(200);
  });

  it('never shows internal notes, even with ?internal=true', async () => {
    const notes = await h.get(`/v1/requests/${forThem}/notes`, dana).expect(200);
    expect(notes.body.map((n: { text: string }) => n.text)).toEqual(['visible']);
    const asked = await h.get(`/v1/requests/${forThem}/notes?internal=true`, dana).expect(200);
    expect(asked.body).toEqual([]);
  });

  it('still shows everything to an agent', async () => {
    const res = await h.get('/v1/requests?per_page=100', h.demo.agent.token).expect(200);
    expect(res.body).toHaveLength(3);
    const notes = await h.get(`/v1/requests/${forThem}/notes`, h.demo.agent.token).expect(200);
    expect(notes.body.map((n: { internal: boolean }) => n.internal)).toEqual([false, true]);
  });

  it('does not match and update a request the person cannot see through the events intake', async () => {
    const ci = 'srv-db-01';
    const agentRequest = (await h.post('/v1/events').query({ subject: 'Disk alarm', ci, source: 'nagios' }).expect(201)).body;
    const res = await h.post('/v1/events', dana).query({ subject: 'Disk alarm', ci, source: 'nagios', status: 'completed', completion_reason: 'solved' });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(agentRequest.id);
    expect((await h.get(`/v1/requests/${agentRequest.id}`).expect(200)).body.status).toBe('assigned');
  });

  it('refuses an internal note from a person without a role, and stores nothing', async () => {
    const before = await h.test.db('requests').count({ n: '*' }).first();
    const res = await h.post('/v1/events', dana).query({ subject: 'Sneaky', internal_note: 'I am staff' }).expect(403);
    expect(res.body.message).toBe('Forbidden');
    expect(await h.test.db('requests').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses an event that would register a request the person could not see', async () => {
    const res = await h.post('/v1/events', dana).query({ subject: 'For others', requested_by: 'agent@widget.example', requested_for: 'wes@widget.example' }).expect(403);
    expect(res.body.message).toBe('Forbidden');
  });

  it('lets the person update their own open request through the events intake', async () => {
    const first = await h.post('/v1/events', dana).query({ subject: 'My printer', note: 'jammed' }).expect(201);
    const again = await h.post('/v1/events', dana).query({ subject: 'My printer', note: 'jammed' }).expect(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.requested_by).toMatchObject({ id: danaId });
  });
});
