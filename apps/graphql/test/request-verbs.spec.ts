import { encodeNodeId } from '@tessera/domain';
import { answerTo } from './support/graphql-answers.js';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/** A request's major incident status and its place on an agile board over GraphQL (docs/decisions/045): the use cases REST calls, the same events. */
describe('GraphQL: majorIncidentStatus, agileBoard and agileBoardColumn of a request, and AgileBoard', () => {
  let g: GraphqlHarness;
  let boardId: number;
  let todo: number;
  let doing: number;

  const FIELDS = 'dbId majorIncidentStatus agileBoard { id dbId name columns { id dbId name } } agileBoardColumn { id dbId name }';
  const CREATE = `mutation Create($input: RequestCreateInput!) { requestCreate(input: $input) { request { ${FIELDS} } errors { path message } } }`;
  const UPDATE = `mutation Update($input: RequestUpdateInput!) { requestUpdate(input: $input) { request { ${FIELDS} } errors { path message } } }`;

  const run = (query: string, variables: Record<string, unknown> = {}, token = g.demo.admin.token) => answerTo(g, token, query, variables);
  const newRequest = async () => (await run(CREATE, { input: { subject: 'Mail is down' } })).data.requestCreate.request.dbId as number;
  const update = (dbId: number, input: Record<string, unknown>, token?: string) => run(UPDATE, { input: { id: encodeNodeId('Request', dbId), ...input } }, token);
  const events = async (requestId: number) =>
    (await g.test.db('graphile_worker._private_jobs').whereRaw("payload->>'object_id' = ?", [String(requestId)]).orderBy('id').select('payload'))
      .map((row: { payload: { event: string; payload: Record<string, unknown> } }) => row.payload);

  beforeAll(async () => {
    g = await startGraphqlHarness();
    [{ id: boardId }] = await g.test.db('agile_boards').insert({ account_id: 'wdc', name: 'Service desk' }).returning('id');
    [{ id: todo }, { id: doing }] = await g.test.db('agile_board_columns')
      .insert([{ account_id: 'wdc', agile_board_id: boardId, name: 'To do', position: 0 }, { account_id: 'wdc', agile_board_id: boardId, name: 'Doing', position: 1 }])
      .returning('id');
  });
  afterEach(async () => {
    await g.test.db.raw('truncate requests, notes, audit_lines restart identity cascade');
    await g.test.db.raw('delete from graphile_worker._private_jobs');
  });
  afterAll(() => g.stop());

  it('lists the agile boards of the account with their columns in order', async () => {
    const { data } = await run('{ agileBoards { id dbId name columns { id dbId name } createdAt } }');
    expect(data.agileBoards).toEqual([{
      id: encodeNodeId('AgileBoard', boardId), dbId: boardId, name: 'Service desk', createdAt: expect.any(String),
      columns: [{ id: encodeNodeId('AgileBoardColumn', todo), dbId: todo, name: 'To do' }, { id: encodeNodeId('AgileBoardColumn', doing), dbId: doing, name: 'Doing' }],
    }]);
  });

  it('moves a request onto a board and between columns with requestUpdate, each move firing request.agile-board-column-changed once beside request.update', async () => {
    const request = await newRequest();
    const onBoard = await update(request, { agileBoardId: encodeNodeId('AgileBoard', boardId) });
    expect(onBoard.data.requestUpdate).toEqual({
      errors: [],
      request: {
        dbId: request, majorIncidentStatus: null,
        agileBoard: { id: encodeNodeId('AgileBoard', boardId), dbId: boardId, name: 'Service desk', columns: [expect.objectContaining({ name: 'To do' }), expect.objectContaining({ name: 'Doing' })] },
        agileBoardColumn: { id: encodeNodeId('AgileBoardColumn', todo), dbId: todo, name: 'To do' },
      },
    });
    const moved = await update(request, { agileBoardColumnId: encodeNodeId('AgileBoardColumn', doing) });
    expect(moved.data.requestUpdate.request.agileBoardColumn).toEqual({ id: encodeNodeId('AgileBoardColumn', doing), dbId: doing, name: 'Doing' });

    const fired = await events(request);
    expect(fired.map((e) => e.event)).toEqual([
      'request.create', 'request.update', 'request.agile-board-column-changed', 'request.update', 'request.agile-board-column-changed',
    ]);
    expect(fired[4]!.payload['agile_board_column']).toEqual({ id: doing, nodeID: encodeNodeId('AgileBoardColumn', doing), name: 'Doing' });
  });

  it('answers a column of no board of the request as an error of the input, changing nothing', async () => {
    const request = await newRequest();
    const { data } = await update(request, { agileBoardColumnId: encodeNodeId('AgileBoardColumn', doing) });
    expect(data.requestUpdate).toEqual({ request: null, errors: [{ path: ['input', 'agileBoardColumnId'], message: 'Agile board column id needs an agile board' }] });
    expect((await events(request)).map((e) => e.event)).toEqual(['request.create']);
  });

  it('sets the major incident status with requestUpdate, firing request.major-incident-status-changed with the previous status; an agent may not accept', async () => {
    const request = await newRequest();
    const proposed = await update(request, { majorIncidentStatus: 'proposed' }, g.demo.agent.token);
    expect(proposed.data.requestUpdate.request.majorIncidentStatus).toBe('proposed');

    const refused = await update(request, { majorIncidentStatus: 'accepted' }, g.demo.agent.token);
    expect(refused.errors).toEqual([expect.objectContaining({ message: 'Only an administrator may move major_incident_status to accepted', extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);

    const accepted = await update(request, { majorIncidentStatus: 'accepted' });
    expect(accepted.data.requestUpdate.request.majorIncidentStatus).toBe('accepted');
    const changes = (await events(request)).filter((e) => e.event === 'request.major-incident-status-changed').map((e) => e.payload);
    expect(changes).toEqual([
      expect.objectContaining({ major_incident_status: 'proposed', previous_major_incident_status: null }),
      expect.objectContaining({ major_incident_status: 'accepted', previous_major_incident_status: 'proposed' }),
    ]);
    expect((await events(request)).filter((e) => e.event === 'request.update')).toHaveLength(2);
  });
});
