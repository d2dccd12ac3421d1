import { encodeNodeId } from '@tessera/domain';
import { listQueuedJobs } from '@tessera/persistence';
import { clearRequests, queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

describe('/v1/agile_boards and a request\'s place on one (docs/decisions/045)', () => {
  let h: ApiHarness;
  let agent: string;
  beforeAll(async () => {
    h = await startApiHarness();
    agent = await tokenFor(h, h.demo.agent.email, ['request:*', 'agile_board:*']);
  });
  afterEach(async () => {
    await clearRequests(h);
    await h.test.db('agile_boards').delete();
  });
  afterAll(() => h.drop());

  const board = async (name = 'Service desk', columns = ['To do', 'Doing', 'Done']) =>
    (await call(h, 'post', '/v1/agile_boards').send({ name, columns: columns.map((column) => ({ name: column })) }).expect(201)).body as {
      id: number; name: string; columns: Array<{ id: number; name: string; nodeID: string }>;
    };
  const newRequest = async () => (await call(h, 'post', '/v1/requests').send({ subject: 'Laptop setup' }).expect(201)).body.id as number;
  const patch = (id: number, body: Record<string, unknown>, token?: string) => call(h, 'patch', `/v1/requests/${id}`, token).send(body);
  const columnEvents = async (id: number) => (await queuedEvents(h, id)).filter((e) => e.event === 'request.agile-board-column-changed');
  const place = async (id: number) => h.test.db('requests').where({ id }).first('agile_board_id', 'agile_board_column_id');

  describe('the boards', () => {
    it('creates a board with its columns in order, and reads it alone and in the list', async () => {
      const created = await board();
      expect(created).toMatchObject({ name: 'Service desk', nodeID: encodeNodeId('AgileBoard', created.id), columns: [{ name: 'To do' }, { name: 'Doing' }, { name: 'Done' }] });
      expect(created.columns[0]!.nodeID).toBe(encodeNodeId('AgileBoardColumn', created.columns[0]!.id));
      expect((await call(h, 'get', `/v1/agile_boards/${created.id}`, agent).expect(200)).body).toEqual(created);
      expect((await call(h, 'get', '/v1/agile_boards', agent).expect(200)).body).toEqual([created]);
    });

    it('keeps a column\'s id when the board is edited: renamed and moved columns keep theirs, new ones get one, left-out ones go', async () => {
      const { id, columns: [todo, doing, done] } = await board();
      const res = await call(h, 'patch', `/v1/agile_boards/${id}`)
        .send({ name: 'Desk', columns: [{ id: doing!.id, name: 'In progress' }, { id: todo!.id, name: 'To do' }, { name: 'Review' }] })
        .expect(200);
      expect(res.body.name).toBe('Desk');
      expect(res.body.columns.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([[doing!.id, 'In progress'], [todo!.id, 'To do'], [expect.any(Number), 'Review']]);
      expect(res.body.columns[2].id).not.toBe(done!.id);
      expect(await h.test.db('agile_board_columns').where({ id: done!.id }).first()).toBeUndefined();
    });

    it('refuses a column of another board, no columns, a blank name, and removing a column a request is in, with 422 and nothing changed', async () => {
      const { id, columns } = await board();
      const other = await board('Other');
      const bad = (body: Record<string, unknown>) => call(h, 'patch', `/v1/agile_boards/${id}`).send(body).expect(422);
      expect((await bad({ columns: [{ id: other.columns[0]!.id, name: 'Stolen' }] })).body.errors).toEqual([['columns', `Column ids ${other.columns[0]!.id} are not columns of this board`]]);
      expect((await bad({ columns: [] })).body.errors).toEqual([['columns', 'Columns needs at least one column']]);
      expect((await bad({ name: '  ' })).body.errors).toEqual([['name', expect.stringContaining("can't be blank")]]);
      const request = await newRequest();
      await patch(request, { agile_board_id: id, agile_board_column_id: columns[1]!.id }).expect(200);
      expect((await bad({ columns: [{ id: columns[0]!.id, name: 'To do' }] })).body.errors).toEqual([['columns', expect.stringContaining(`Columns ${columns[1]!.id} hold requests`)]]);
      expect((await call(h, 'get', `/v1/agile_boards/${id}`).expect(200)).body.columns.map((c: { name: string }) => c.name)).toEqual(['To do', 'Doing', 'Done']);
      expect((await call(h, 'post', '/v1/agile_boards').send({ name: 'No columns' }).expect(422)).body.errors).toEqual([['columns', expect.any(String)]]);
    });

    it('waits for a request being put in a column before removing that column, then refuses it', async () => {
      const { id, columns: [todo, doing] } = await board();
      const request = await newRequest();
      // A request write in flight: the board share-locked as the request use cases lock it, the request not yet committed.
      const trx = await h.test.db.transaction();
      await trx('agile_boards').where({ id }).forShare().select('id');
      await trx('requests').where({ id: request }).update({ agile_board_id: id, agile_board_column_id: doing!.id });
      const edit = call(h, 'patch', `/v1/agile_boards/${id}`).send({ columns: [{ id: todo!.id, name: 'To do' }] }).then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await trx.commit();
      const res = await edit;
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([['columns', expect.stringContaining(`Columns ${doing!.id} hold requests`)]]);
      expect(await place(request)).toEqual({ agile_board_id: id, agile_board_column_id: doing!.id });
    });

    it('lets only administrators write boards (403), and answers 404 for a board of no one or of another account', async () => {
      const res = await call(h, 'post', '/v1/agile_boards', agent).send({ name: 'Mine', columns: [{ name: 'A' }] }).expect(403);
      expect(res.body.reason).toContain('administrator');
      expect(await h.test.db('agile_boards').count({ n: '*' }).first()).toEqual({ n: 0 });
      await call(h, 'get', '/v1/agile_boards/999999').expect(404);
      await call(h, 'get', '/v1/agile_boards/abc').expect(404);
      const [{ id: foreign }] = await h.test.db('agile_boards').insert({ account_id: 'widget', name: 'Theirs' }).returning('id');
      await call(h, 'get', `/v1/agile_boards/${foreign}`).expect(404);
      await call(h, 'patch', `/v1/agile_boards/${foreign}`).send({ name: 'Mine now' }).expect(404);
      expect((await patch(await newRequest(), { agile_board_id: foreign }).expect(422)).body.errors).toEqual([['agile_board_id', 'Agile board id does not match any record']]);
    });
  });

  describe('a request on a board', () => {
    it('puts a request on a board in its first column, shown as references; moving it fires request.agile-board-column-changed once beside request.update', async () => {
      const { id: boardId, columns: [todo, doing] } = await board();
      const request = await newRequest();

      const onBoard = await patch(request, { agile_board_id: boardId }, agent).expect(200);
      expect(onBoard.body).toMatchObject({
        agile_board: { id: boardId, name: 'Service desk', nodeID: encodeNodeId('AgileBoard', boardId) },
        agile_board_column: { id: todo!.id, name: 'To do', nodeID: encodeNodeId('AgileBoardColumn', todo!.id) },
      });
      const moved = await patch(request, { agile_board_column_id: doing!.id }, agent).expect(200);
      expect(moved.body.agile_board_column).toEqual({ id: doing!.id, name: 'Doing', nodeID: encodeNodeId('AgileBoardColumn', doing!.id) });

      const events = (await queuedEvents(h, request)).map((e) => e.event).sort();
      expect(events).toEqual(['request.agile-board-column-changed', 'request.agile-board-column-changed', 'request.create', 'request.update', 'request.update']);
      expect((await columnEvents(request)).map((e) => e.payload['agile_board_column'])).toEqual(expect.arrayContaining([
        { id: todo!.id, nodeID: encodeNodeId('AgileBoardColumn', todo!.id), name: 'To do' },
        { id: doing!.id, nodeID: encodeNodeId('AgileBoardColumn', doing!.id), name: 'Doing' },
      ]));
    });

    it('fires nothing when the column given is the one the request is in', async () => {
      const { id: boardId, columns: [todo] } = await board();
      const request = await newRequest();
      await patch(request, { agile_board_id: boardId, agile_board_column_id: todo!.id }).expect(200);
      const before = (await queuedEvents(h, request)).length;
      await patch(request, { agile_board_column_id: todo!.id }).expect(200);
      expect(await queuedEvents(h, request)).toHaveLength(before);
    });

    it('refuses a column of another board, an unknown board and a column without a board with 422 naming the field, and changes nothing', async () => {
      const { id: boardId } = await board();
      const other = await board('Other');
      const request = await newRequest();
      const before = (await listQueuedJobs(h.test.db)).length;

      const foreign = await patch(request, { agile_board_id: boardId, agile_board_column_id: other.columns[0]!.id, subject: 'Changed' }).expect(422);
      expect(foreign.body).toEqual({ message: 'Validation Failed', errors: [['agile_board_column_id', `Agile board column id ${other.columns[0]!.id} is not a column of the agile board ${boardId} (Service desk)`]] });
      expect((await patch(request, { agile_board_id: 999_999 }).expect(422)).body.errors).toEqual([['agile_board_id', 'Agile board id does not match any record']]);
      expect((await patch(request, { agile_board_column_id: other.columns[0]!.id }).expect(422)).body.errors).toEqual([['agile_board_column_id', 'Agile board column id needs an agile board']]);

      expect(await place(request)).toEqual({ agile_board_id: null, agile_board_column_id: null });
      expect((await h.test.db('requests').where({ id: request }).first('subject')).subject).toBe('Laptop setup');
      expect(await listQueuedJobs(h.test.db)).toHaveLength(before);
    });

    it('takes the request off its board and out of its column, the event naming no column', async () => {
      const { id: boardId } = await board();
      const request = await newRequest();
      await patch(request, { agile_board_id: boardId }).expect(200);
      const res = await patch(request, { agile_board_id: null }).expect(200);
      expect(res.body).toMatchObject({ agile_board: null, agile_board_column: null });
      expect((await columnEvents(request)).map((e) => e.payload['agile_board_column'])).toEqual(expect.arrayContaining([null]));
    });

    it('puts a new request on a board over POST, firing only request.create', async () => {
      const { id: boardId, columns: [, doing] } = await board();
      const res = await call(h, 'post', '/v1/requests').send({ subject: 'New laptop', agile_board_id: boardId, agile_board_column_id: doing!.id }).expect(201);
      expect(res.body.agile_board_column).toMatchObject({ id: doing!.id, name: 'Doing' });
      expect((await queuedEvents(h, res.body.id)).map((e) => e.event)).toEqual(['request.create']);
    });
  });
});
