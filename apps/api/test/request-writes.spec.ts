import { encodeNodeId } from '@tessera/domain';
import { listQueuedJobs } from '@tessera/persistence';
import { clearRequests, queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

describe('POST /v1/requests, PATCH /v1/requests/:id, POST /v1/requests/:id/notes', () => {
  let h: ApiHarness;
  let foreignTeam: number;
  beforeAll(async () => {
    h = await startApiHarness();
    [{ id: foreignTeam }] = await h.test.db('teams').insert({ account_id: 'widget', name: 'Widget HQ desk' }).returning('id');
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const create = (body: Record<string, unknown>, token?: string) => call(h, 'post', '/v1/requests', token).send(body);
  const patch = (id: number | string, body: Record<string, unknown>, token?: string) => call(h, 'patch', `/v1/requests/${id}`, token).send(body);
  const addNote = (id: number | string, body: Record<string, unknown>, token?: string) => call(h, 'post', `/v1/requests/${id}/notes`, token).send(body);
  const requestCount = async () => Number((await h.test.db('requests').count({ n: '*' }).first())!.n);
  /** The transaction that last wrote a row: equal for rows written in one transaction. */
  const writtenBy = async (table: string, where: Record<string, unknown>) => (await h.test.db(table).where(where).first(h.test.db.raw('xmin::text as x'))).x as string;
  /** The transactions that queued the webhook events of a request, with how many each queued. */
  const eventTransactions = async (requestId: number) =>
    Object.fromEntries((await h.test.db('graphile_worker._private_jobs')
      .whereRaw("payload->>'object_id' = ?", [String(requestId)])
      .groupByRaw('xmin::text')
      .select(h.test.db.raw('xmin::text as x'), h.test.db.raw('count(*)::int as n'))).map((row: { x: string; n: number }) => [row.x, row.n]));
  /** Queued webhook events of a request after its request.create, by event name (the queue does not keep their order). */
  const laterEvents = async (requestId: number) => (await queuedEvents(h, requestId)).filter((e) => e.event !== 'request.create').sort((a, b) => a.event.localeCompare(b.event));

  /** A request of the directory account `widget`, which the demo admin working in `wdc` may not see. */
  async function foreignRequest(): Promise<number> {
    const created = (await create({ subject: 'Not yours' }).expect(201)).body;
    const row = await h.test.db('requests').where({ id: created.id }).first();
    const { id: _id, ...copy } = row;
    const [{ id }] = await h.test.db('requests').insert({ ...copy, account_id: 'widget', team_id: null, member_id: null }).returning('id');
    return id;
  }

  describe('POST /v1/requests', () => {
    it('returns 201 with the new request and the defaults of the events intake, but no Event source', async () => {
      const ci = await h.id('configuration_items', { label: 'srv-db-01' });
      const res = await create({ subject: 'Disk full', ci_id: ci, note: 'at 99%' }).expect(201);

      expect(res.body).toMatchObject({
        subject: 'Disk full', category: 'incident', impact: 'top', status: 'assigned', service_instance: { name: 'Database Production' },
        team: { name: 'Database Operations' }, requested_by: { name: 'Alice Admin' }, requested_for: { name: 'Alice Admin' }, source: null,
        nodeID: encodeNodeId('Request', res.body.id),
      });
      expect((await call(h, 'get', `/v1/requests/${res.body.id}`).expect(200)).body).toEqual(res.body);
      const notes = (await call(h, 'get', `/v1/requests/${res.body.id}/notes`).expect(200)).body;
      expect(notes).toEqual([expect.objectContaining({ text: 'at 99%', internal: false, person: expect.objectContaining({ name: 'Alice Admin' }) })]);
    });

    it('queues request.create and request.note-added in the transaction that wrote the request, the note and the audit line', async () => {
      const res = await create({ subject: 'Disk full', note: 'at 99%', source: 'Portal', source_id: 'p-1' }).expect(201);

      const events = await queuedEvents(h, res.body.id);
      expect(events.map((e) => e.event)).toEqual(['request.create', 'request.note-added']);
      expect(events[0]!.payload).toMatchObject({ source: 'Portal', sourceID: 'p-1', status: 'assigned' });
      const transaction = await writtenBy('requests', { id: res.body.id });
      expect(await writtenBy('notes', { request_id: res.body.id })).toBe(transaction);
      expect(await writtenBy('audit_lines', { record_type: 'Request', record_id: res.body.id })).toBe(transaction);
      expect(await eventTransactions(res.body.id)).toEqual({ [transaction]: 2 });
    });

    it('returns 422 with every bad value and unknown reference, and stores and queues nothing', async () => {
      const res = await create({ subject: 'x'.repeat(191), category: 'bogus', team_id: foreignTeam, desired_completion_at: 'tomorrow', member_id: 999_999 }).expect(422);
      expect(res.body).toEqual({ message: 'Validation Failed', errors: [
        ['desired_completion_at', expect.stringContaining('is not a valid ISO 8601 datetime')],
        ['subject', 'Subject is too long (maximum is 190 characters)'],
        ['category', expect.stringContaining('is not included in the list')],
        ['member_id', 'Member id does not match any record'],
        ['team_id', 'Team id does not match any record'],
      ] });

      const again = await create({ subject: 'x'.repeat(191), category: 'bogus', team_id: foreignTeam, member_id: 999_999 }).expect(422);
      expect(again.body.errors).toEqual([
        ['subject', 'Subject is too long (maximum is 190 characters)'],
        ['category', expect.stringContaining('is not included in the list')],
        ['member_id', 'Member id does not match any record'],
        ['team_id', 'Team id does not match any record'],
      ]);
      expect(await requestCount()).toBe(0);
      expect(await listQueuedJobs(h.test.db)).toEqual([]);
    });

    it('returns 422 for a missing subject, a field of the wrong type, and a field a request does not have', async () => {
      expect((await create({}).expect(422)).body.errors).toEqual([['subject', expect.any(String)]]);
      expect((await create({ subject: 'x', team_id: 'five' }).expect(422)).body.errors).toEqual([['team_id', expect.any(String)]]);
      expect((await create({ subject: 'x', id: 5 }).expect(422)).body.errors).toEqual([['id', "'id' is not a field of a new request"]]);
    });

    it('returns 403 naming request:Create without that scope', async () => {
      const token = await tokenFor(h, h.demo.admin.email, ['request:Read', 'request:Update']);
      const res = await create({ subject: 'x' }, token).expect(403);
      expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow request:Create" });
      expect(await requestCount()).toBe(0);
    });
  });

  describe('PATCH /v1/requests/:id', () => {
    it('returns 200 with the changed request and queues update, status-changed, member-changed and team-changed', async () => {
      const { id } = (await create({ subject: 'Disk full' }).expect(201)).body;
      const dana = await h.id('people', { primary_email: 'dana@widget.example' });
      const dbOps = await h.id('teams', { account_id: 'wdc', name: 'Database Operations' });

      const res = await patch(id, { subject: 'Disk full on srv-db-01', status: 'in_progress', member_id: dana, team_id: dbOps }).expect(200);

      expect(res.body).toMatchObject({ id, subject: 'Disk full on srv-db-01', status: 'in_progress', member: { name: 'Dana Database' }, team: { name: 'Database Operations' } });
      expect((await laterEvents(id)).map((e) => [e.event, e.payload])).toEqual([
        ['request.member-changed', expect.objectContaining({ member: { id: dana, nodeID: encodeNodeId('Person', dana), name: 'Dana Database' } })],
        ['request.status-changed', expect.objectContaining({ status: 'in_progress', previous_status: 'assigned' })],
        ['request.team-changed', expect.objectContaining({ team: { id: dbOps, nodeID: encodeNodeId('Team', dbOps), name: 'Database Operations' } })],
        ['request.update', expect.objectContaining({ status: 'in_progress' })],
      ]);
      const transaction = await writtenBy('requests', { id });
      expect(await writtenBy('audit_lines', { record_type: 'Request', record_id: id, action: 'update' })).toBe(transaction);
      expect(Object.values(await eventTransactions(id)).sort()).toEqual([1, 4]);
      expect((await eventTransactions(id))[transaction]).toBe(4);
    });

    it('applies the status rules: completing needs a completion reason, and a change that changes nothing queues nothing', async () => {
      const { id } = (await create({ subject: 'Done soon' }).expect(201)).body;

      expect((await patch(id, { status: 'completed' }).expect(422)).body.errors).toEqual([['completion_reason', expect.any(String)]]);
      expect((await patch(id, { subject: 'Done soon' }).expect(200)).body).toMatchObject({ id, status: 'assigned' });
      expect((await queuedEvents(h, id)).map((e) => e.event)).toEqual(['request.create']);
      const done = await patch(id, { status: 'completed', completion_reason: 'solved' }).expect(200);
      expect(done.body).toMatchObject({ status: 'completed', completion_reason: 'solved', completed_at: expect.any(String) });
    });

    it("answers 404 for another account's request, an unknown one and a malformed id, and changes nothing", async () => {
      const foreign = await foreignRequest();
      await patch(foreign, { subject: 'mine now' }).expect(404);
      await patch(2_000_000, { subject: 'x' }).expect(404);
      await patch('abc', { subject: 'x' }).expect(404);
      expect((await h.test.db('requests').where({ id: foreign }).first('subject')).subject).toBe('Not yours');
    });

    it('returns 422 for fields a change cannot set and for a team of another account', async () => {
      const { id } = (await create({ subject: 'x' }).expect(201)).body;
      expect((await patch(id, { note: 'hi' }).expect(422)).body.errors).toEqual([['note', "'note' is not a field of a request change"]]);
      expect((await patch(id, { team_id: foreignTeam }).expect(422)).body.errors).toEqual([['team_id', 'Team id does not match any record']]);
    });

    it('returns 403 without request:Update', async () => {
      const { id } = (await create({ subject: 'x' }).expect(201)).body;
      const token = await tokenFor(h, h.demo.admin.email, ['request:Read', 'request:Create']);
      expect((await patch(id, { subject: 'y' }, token).expect(403)).body.reason).toContain('request:Update');
    });
  });

  describe('POST /v1/requests/:id/notes', () => {
    it('returns 201 with the note and queues request.note-added alone, in the same transaction', async () => {
      const { id } = (await create({ subject: 'Disk full' }).expect(201)).body;

      const res = await addNote(id, { text: 'Restarted', internal: true }).expect(201);

      expect(res.body).toEqual({
        id: expect.any(Number), text: 'Restarted', internal: true, created_at: expect.any(String), nodeID: encodeNodeId('Note', res.body.id),
        person: { id: await h.id('people', { primary_email: h.demo.admin.email }), name: 'Alice Admin', nodeID: expect.any(String) },
      });
      expect(await laterEvents(id)).toEqual([expect.objectContaining({ event: 'request.note-added', payload: expect.objectContaining({ note_id: res.body.id, note_nodeID: encodeNodeId('Note', res.body.id) }) })]);
      const transaction = await writtenBy('notes', { id: res.body.id });
      expect(await writtenBy('audit_lines', { record_type: 'Request', record_id: id, action: 'update' })).toBe(transaction);
      expect((await eventTransactions(id))[transaction]).toBe(1);
      expect((await call(h, 'get', `/v1/requests/${id}/notes`).expect(200)).body).toEqual([expect.objectContaining({ id: res.body.id, created_at: res.body.created_at })]);
    });

    it("returns 422 for a blank text, 404 for another account's request, 403 without request:Update", async () => {
      const { id } = (await create({ subject: 'Disk full' }).expect(201)).body;
      expect((await addNote(id, { text: '  ' }).expect(422)).body.errors).toEqual([['text', "Text can't be blank"]]);
      await addNote(await foreignRequest(), { text: 'hello' }).expect(404);
      const token = await tokenFor(h, h.demo.admin.email, ['request:Read', 'request:Create']);
      await addNote(id, { text: 'hello' }, token).expect(403);
      expect(Number((await h.test.db('notes').count({ n: '*' }).first())!.n)).toBe(0);
    });
  });
});
