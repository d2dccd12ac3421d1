import { encodeNodeId } from '@tessera/domain';
import { listQueuedJobs } from '@tessera/persistence';
import { answerTo } from './support/graphql-answers.js';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/** requestCreate, requestUpdate, noteCreate: the request API use cases of REST, over HTTPS, with their payload errors. */
describe('GraphQL mutations', () => {
  let g: GraphqlHarness;
  let foreignTeam: number;

  const REQUEST_FIELDS = 'id dbId subject category impact status completionReason source member { name } team { name } serviceInstance { name }';
  const CREATE = `mutation Create($input: RequestCreateInput!) {
    requestCreate(input: $input) { request { ${REQUEST_FIELDS} } errors { path message } }
  }`;
  const UPDATE = `mutation Update($input: RequestUpdateInput!) {
    requestUpdate(input: $input) { request { ${REQUEST_FIELDS} } errors { path message } }
  }`;
  const NOTE = `mutation Note($input: NoteCreateInput!) {
    noteCreate(input: $input) { note { id dbId text internal person { name } } request { id } errors { path message } }
  }`;

  /** POST `{query, variables}` with a token (default the demo admin's) and the demo account. */
  const run = (query: string, variables: Record<string, unknown>, token = g.demo.admin.token) => answerTo(g, token, query, variables);
  const create = async (input: Record<string, unknown>, token?: string) => (await run(CREATE, { input }, token)).data.requestCreate;
  const update = async (input: Record<string, unknown>, token?: string) => (await run(UPDATE, { input }, token)).data.requestUpdate;

  const id = async (table: string, where: Record<string, unknown>) => (await g.test.db(table).where(where).first('id')).id as number;
  const requestCount = async () => Number((await g.test.db('requests').count({ n: '*' }).first())!.n);
  /** Webhook events queued for a request: name, payload and the transaction that queued it, in queue order. */
  const queued = async (requestId: number) =>
    (await g.test.db('graphile_worker._private_jobs').whereRaw("payload->>'object_id' = ?", [String(requestId)]).orderBy('id')
      .select('payload', g.test.db.raw('xmin::text as tx'))).map((row: { payload: { event: string; payload: Record<string, unknown> }; tx: string }) => ({
      event: row.payload.event, payload: row.payload.payload, tx: row.tx,
    }));
  const writtenBy = async (table: string, where: Record<string, unknown>) => (await g.test.db(table).where(where).first(g.test.db.raw('xmin::text as x'))).x as string;

  /** A request of the directory account `widget`, which the demo admin working in `wdc` may not see. */
  async function foreignRequest(): Promise<number> {
    const { request } = await create({ subject: 'Not yours' });
    const { id: _id, ...copy } = await g.test.db('requests').where({ id: request.dbId }).first();
    const [{ id: foreign }] = await g.test.db('requests').insert({ ...copy, account_id: 'widget', team_id: null, member_id: null }).returning('id');
    return foreign;
  }

  beforeAll(async () => {
    g = await startGraphqlHarness();
    [{ id: foreignTeam }] = await g.test.db('teams').insert({ account_id: 'widget', name: 'Widget HQ desk' }).returning('id');
  });
  afterEach(async () => {
    await g.test.db.raw('truncate requests, notes, audit_lines restart identity cascade');
    await g.test.db.raw('delete from graphile_worker._private_jobs');
  });
  afterAll(() => g.stop());

  describe('requestCreate', () => {
    it('creates the request with the defaults of the events intake and returns it as a Request', async () => {
      const ci = await id('configuration_items', { label: 'srv-db-01' });

      const payload = await create({ subject: 'Disk full', configurationItemId: encodeNodeId('ConfigurationItem', ci), note: 'at 99%' });

      expect(payload.errors).toEqual([]);
      expect(payload.request).toEqual({
        id: encodeNodeId('Request', payload.request.dbId), dbId: expect.any(Number), subject: 'Disk full', category: 'incident', impact: 'top',
        status: 'assigned', completionReason: null, source: null, member: null, team: { name: 'Database Operations' },
        serviceInstance: { name: 'Database Production' },
      });
      expect(await g.test.db('notes').where({ request_id: payload.request.dbId }).pluck('text')).toEqual(['at 99%']);
    });

    it('queues request.create and request.note-added, as REST does, in the transaction that wrote the request', async () => {
      const { request } = await create({ subject: 'Disk full', note: 'at 99%', source: 'Portal', sourceID: 'p-1' });

      const events = await queued(request.dbId);
      expect(events.map((e) => e.event).sort()).toEqual(['request.create', 'request.note-added']);
      expect(events.find((e) => e.event === 'request.create')!.payload).toMatchObject({ source: 'Portal', sourceID: 'p-1', status: 'assigned' });
      const transaction = await writtenBy('requests', { id: request.dbId });
      expect(events.map((e) => e.tx)).toEqual([transaction, transaction]);
      expect(await writtenBy('audit_lines', { record_type: 'Request', record_id: request.dbId })).toBe(transaction);
    });

    it('answers the validation errors of the input in errors, with their paths, a null request, and stores nothing', async () => {
      const dana = await id('people', { primary_email: 'dana@widget.example' });

      const payload = await create({
        subject: 'x'.repeat(191), category: 'bogus', completionReason: 'nope', teamId: encodeNodeId('Team', foreignTeam), memberId: encodeNodeId('Person', dana),
      });

      expect(payload).toEqual({
        request: null,
        errors: [
          { path: ['input', 'subject'], message: 'Subject is too long (maximum is 190 characters)' },
          { path: ['input', 'category'], message: expect.stringContaining('is not included in the list') },
          { path: ['input', 'completionReason'], message: expect.stringContaining('is not included in the list') },
          { path: ['input', 'teamId'], message: 'Team id does not match any record' },
        ],
      });
      expect(await requestCount()).toBe(0);
      expect(await listQueuedJobs(g.test.db)).toEqual([]);
    });

    it('answers a malformed ID, an ID of another type and a datetime that does not parse in errors', async () => {
      const payload = await create({ subject: 'x', teamId: 'not-an-id', memberId: encodeNodeId('Team', 1), waitingUntil: 'tomorrow' });

      expect(payload).toEqual({
        request: null,
        errors: [
          { path: ['input', 'waitingUntil'], message: expect.stringContaining('Not an ISO 8601 datetime') },
          { path: ['input', 'memberId'], message: 'Not the ID of a Person' },
          { path: ['input', 'teamId'], message: 'Not the ID of a Team' },
        ],
      });
      expect(await requestCount()).toBe(0);
    });

    it('is FORBIDDEN, naming request:Create, to a token without it, and stores nothing', async () => {
      const body = await run(CREATE, { input: { subject: 'x' } }, await g.tokenWith(['request:Read', 'request:Update', 'person:Read']));

      expect(body.data).toBeNull();
      expect(body.errors).toEqual([expect.objectContaining({ path: ['requestCreate'], extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
      expect(body.errors[0].message).toContain('request:Create');
      expect(await requestCount()).toBe(0);
    });
  });

  describe('requestUpdate', () => {
    it('changes the request and queues request.update, status-changed, member-changed and team-changed', async () => {
      const { request } = await create({ subject: 'Disk full' });
      const dana = await id('people', { primary_email: 'dana@widget.example' });
      const dbOps = await id('teams', { account_id: 'wdc', name: 'Database Operations' });

      const payload = await update({ id: request.id, subject: 'Disk full on srv-db-01', status: 'in_progress', memberId: encodeNodeId('Person', dana), teamId: encodeNodeId('Team', dbOps) });

      expect(payload).toEqual({
        errors: [],
        request: expect.objectContaining({ id: request.id, subject: 'Disk full on srv-db-01', status: 'in_progress', member: { name: 'Dana Database' }, team: { name: 'Database Operations' } }),
      });
      const later = (await queued(request.dbId)).filter((e) => e.event !== 'request.create');
      expect(later.map((e) => e.event).sort()).toEqual(['request.member-changed', 'request.status-changed', 'request.team-changed', 'request.update']);
      expect(later.find((e) => e.event === 'request.member-changed')!.payload).toMatchObject({ member: { id: dana, nodeID: encodeNodeId('Person', dana), name: 'Dana Database' } });
      expect(new Set(later.map((e) => e.tx))).toEqual(new Set([await writtenBy('requests', { id: request.dbId })]));
    });

    it('applies the status rules: completing without a completion reason is an input error, with one it completes', async () => {
      const { request } = await create({ subject: 'Done soon' });

      expect(await update({ id: request.id, status: 'completed' })).toEqual({ request: null, errors: [{ path: ['input', 'completionReason'], message: expect.any(String) }] });
      const done = await update({ id: request.id, status: 'completed', completionReason: 'solved' });
      expect(done.request).toMatchObject({ status: 'completed', completionReason: 'solved' });
    });

    it("answers NOT_FOUND for another account's request and changes nothing", async () => {
      const foreign = await foreignRequest();

      const body = await run(UPDATE, { input: { id: encodeNodeId('Request', foreign), subject: 'mine now' } });

      expect(body.data).toBeNull();
      expect(body.errors).toEqual([expect.objectContaining({ path: ['requestUpdate'], extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
      expect((await g.test.db('requests').where({ id: foreign }).first('subject')).subject).toBe('Not yours');
    });

    it('answers an id that is not a Request ID in errors', async () => {
      expect(await update({ id: encodeNodeId('Person', 1), subject: 'x' })).toEqual({ request: null, errors: [{ path: ['input', 'id'], message: 'Not the ID of a Request' }] });
    });

    it('is FORBIDDEN without request:Update', async () => {
      const { request } = await create({ subject: 'x' });
      const body = await run(UPDATE, { input: { id: request.id, subject: 'y' } }, await g.tokenWith(['request:Read', 'request:Create']));
      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await g.test.db('requests').where({ id: request.dbId }).first('subject')).subject).toBe('x');
    });
  });

  describe('noteCreate', () => {
    it('adds the note, returns it and its request, and queues request.note-added alone', async () => {
      const { request } = await create({ subject: 'Disk full' });

      const body = await run(NOTE, { input: { requestId: request.id, text: 'Restarted', internal: true } });

      const { note } = body.data.noteCreate;
      expect(body.data.noteCreate).toEqual({
        errors: [], request: { id: request.id },
        note: { id: encodeNodeId('Note', note.dbId), dbId: expect.any(Number), text: 'Restarted', internal: true, person: { name: 'Alice Admin' } },
      });
      const later = (await queued(request.dbId)).filter((e) => e.event !== 'request.create');
      expect(later).toEqual([{ event: 'request.note-added', payload: expect.objectContaining({ note_id: note.dbId, note_nodeID: note.id }), tx: await writtenBy('notes', { id: note.dbId }) }]);
    });

    it('answers a blank text and a malformed request id in errors', async () => {
      const { request } = await create({ subject: 'Disk full' });

      expect((await run(NOTE, { input: { requestId: request.id, text: ' ' } })).data.noteCreate).toEqual({
        note: null, request: null, errors: [{ path: ['input', 'text'], message: "Text can't be blank" }],
      });
      expect((await run(NOTE, { input: { requestId: 'x', text: 'hi' } })).data.noteCreate.errors).toEqual([{ path: ['input', 'requestId'], message: 'Not the ID of a Request' }]);
      expect(Number((await g.test.db('notes').count({ n: '*' }).first())!.n)).toBe(0);
    });

    it("answers NOT_FOUND for another account's request, and FORBIDDEN without request:Update", async () => {
      const foreign = await foreignRequest();
      const notFound = await run(NOTE, { input: { requestId: encodeNodeId('Request', foreign), text: 'hi' } });
      expect(notFound.errors[0].extensions.code).toBe('NOT_FOUND');

      const forbidden = await run(NOTE, { input: { requestId: encodeNodeId('Request', foreign), text: 'hi' } }, await g.tokenWith(['request:Read', 'request:Create']));
      expect(forbidden.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(Number((await g.test.db('notes').count({ n: '*' }).first())!.n)).toBe(0);
    });
  });
});
