import { clearRequests, queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

describe('POST /v1/events — parameters and bad input', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const nothingStored = async () => {
    expect(await h.test.db('requests').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await h.test.db('notes').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await queuedEvents(h)).toEqual([]);
  };

  it('accepts the parameters as a query string, a JSON body or a form body', async () => {
    const query = await h.post('/v1/events').query({ subject: 'q', source: 'one' }).expect(201);
    const json = await h.post('/v1/events').send({ subject: 'j', source: 'two', ci_id: await h.id('configuration_items', { label: 'srv-db-01' }) }).expect(201);
    const form = await h.post('/v1/events').type('form').send('subject=f&source=three&sourceID=abc').expect(201);
    expect([query.body.subject, json.body.subject, form.body.subject]).toEqual(['q', 'j', 'f']);
    expect(json.body.ci).toMatchObject({ name: 'Database server 01' });
    expect(form.body.sourceID).toBe('abc');
  });

  it('returns 422 "Subject can\'t be blank" without a subject, and stores nothing', async () => {
    const res = await h.post('/v1/events').query({ note: 'no subject' }).expect(422);
    expect(res.body).toEqual({ message: 'Validation Failed', errors: [['subject', "Subject can't be blank"]] });
    await nothingStored();
  });

  it('reports every bad parameter at once: unknown enum values, bad datetimes, bad ids, over-long text', async () => {
    const res = await h
      .post('/v1/events')
      .query({
        subject: 'x'.repeat(191), category: 'disaster', impact: 'huge', status: 'sleeping', completion_reason: 'bored',
        desired_completion_at: 'tomorrow', waiting_until: '2026-02-30T10:00:00Z', ci_id: 'abc', source: 's'.repeat(31),
      })
      .expect(422);
    expect(res.body.message).toBe('Validation Failed');
    expect(res.body.errors.map((e: [string, string]) => e[0]).sort()).toEqual(
      ['category', 'ci_id', 'completion_reason', 'desired_completion_at', 'impact', 'source', 'status', 'subject', 'waiting_until'].sort(),
    );
    expect(res.body.errors).toContainEqual(['subject', 'Subject is too long (maximum is 190 characters)']);
    await nothingStored();
  });

  it('refuses a downtime that ends before it starts', async () => {
    const res = await h.post('/v1/events').query({ subject: 's', downtime_start_at: '2026-11-20T10:00:00Z', downtime_end_at: '2026-11-20T09:00:00Z' }).expect(422);
    expect(res.body.errors).toEqual([['downtime_end_at', expect.any(String)]]);
  });

  it('refuses text with a NUL character, which PostgreSQL cannot store', async () => {
    const res = await h.post('/v1/events?subject=%00bad').expect(422);
    expect(res.body.errors).toEqual([['subject', 'Subject contains a NUL character']]);
    expect((await h.get('/v1/requests?source=%00').expect(400)).body).toEqual({ message: "Parameter 'source' contains a NUL character" });
    await nothingStored();
  });

  it('refuses a parameter given twice', async () => {
    const res = await h.post('/v1/events?subject=a&subject=b').expect(422);
    expect(res.body.errors).toEqual([['subject', expect.stringContaining('once')]]);
  });

  it.each([
    ['ci', 'srv-nope-99'],
    ['ci_id', '999999'],
    ['ci_sourceID', 'nope'],
    ['member', 'nobody@widget.example'],
    ['requested_for_id', '999999'],
    ['service_instance', 'Nothing Production'],
    ['supplier', 'Nobody Inc'],
    ['template_id', '999999'],
    ['problem_id', '999999'],
    ['workflow_id', '999999'],
  ])('returns 422 naming %s when it does not resolve, and stores nothing', async (param, value) => {
    const res = await h.post('/v1/events').query({ subject: 'unresolved', [param]: value }).expect(422);
    expect(res.body.errors).toEqual([[param, expect.stringContaining('does not match')]]);
    await nothingStored();
  });

  it('does not resolve records of another account', async () => {
    await h.test.db('accounts').insert({ id: 'other', name: 'Other Corp' }).onConflict('id').ignore();
    const [team] = await h.test.db('teams').insert({ account_id: 'other', name: 'Foreign Team' }).returning('id');
    const res = await h.post('/v1/events').query({ subject: 'foreign', team_id: String(team.id) }).expect(201);
    expect(res.body.team).toMatchObject({ name: 'Service Desk' });
  });

  it('returns 403 for a token without the request:Create scope, and 401 without a token', async () => {
    const readOnly = await tokenFor(h, 'agent@widget.example', ['request:Read']);
    expect((await h.post('/v1/events', readOnly).query({ subject: 's' }).expect(403)).body.message).toBe('Forbidden');
    const { default: request } = await import('supertest');
    await request(h.app).post('/v1/events').query({ subject: 's' }).expect(401);
    await nothingStored();
  });

  it('returns 400 for a malformed JSON body', async () => {
    const res = await h.post('/v1/events').set('Content-Type', 'application/json').send('{"subject":').expect(400);
    expect(res.body).toEqual({ message: 'Problems parsing JSON' });
  });
});
