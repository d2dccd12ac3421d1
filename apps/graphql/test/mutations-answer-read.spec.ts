/**
 * Issue 18 item 3, GraphQL: a mutation whose payload is the record needs the record's Read
 * beside its Create or Update, as REST's writes do. A token that may only write gets FORBIDDEN
 * naming request:Read, and nothing is written.
 */
import { encodeNodeId } from '@tessera/domain';
import { answerTo } from './support/graphql-answers.js';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

describe('GraphQL mutations answering a request need request:Read', () => {
  let g: GraphqlHarness;
  let requestId: number;

  const MUTATIONS = {
    requestCreate: 'mutation($input: RequestCreateInput!) { requestCreate(input: $input) { request { id subject } errors { path message } } }',
    requestUpdate: 'mutation($input: RequestUpdateInput!) { requestUpdate(input: $input) { request { id subject } errors { path message } } }',
    noteCreate: 'mutation($input: NoteCreateInput!) { noteCreate(input: $input) { note { id } request { id subject } errors { path message } } }',
  };

  const run = (query: string, variables: Record<string, unknown>, token: string) => answerTo(g, token, query, variables);
  const counts = async () => ({
    requests: Number((await g.test.db('requests').count({ n: '*' }).first())!.n),
    notes: Number((await g.test.db('notes').count({ n: '*' }).first())!.n),
  });

  beforeAll(async () => {
    g = await startGraphqlHarness();
    const created = await run(MUTATIONS.requestCreate, { input: { subject: 'Printer on fire' } }, g.demo.admin.token);
    requestId = Number(Buffer.from(created.data.requestCreate.request.id, 'base64url').toString().split('/')[2]);
  });
  afterAll(() => g.stop());

  const forbiddenRead = (body: { data: unknown; errors?: Array<{ message: string; extensions: { code: string } }> }) => {
    expect(body.errors).toEqual([expect.objectContaining({ message: "This token's scopes do not allow request:Read", extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
  };

  it('refuses requestUpdate with no change to a token with request:Update alone: FORBIDDEN naming request:Read, no request shown', async () => {
    const body = await run(MUTATIONS.requestUpdate, { input: { id: encodeNodeId('Request', requestId) } }, await g.tokenWith(['request:Update']));
    forbiddenRead(body);
    expect(JSON.stringify(body)).not.toContain('Printer on fire');
  });

  it('refuses requestUpdate with a change to a token with request:Update alone, before the change is stored', async () => {
    forbiddenRead(await run(MUTATIONS.requestUpdate, { input: { id: encodeNodeId('Request', requestId), subject: 'Changed' } }, await g.tokenWith(['request:Update'])));
    expect((await g.test.db('requests').where({ id: requestId }).first('subject')).subject).toBe('Printer on fire');
  });

  it('refuses requestCreate to a token with request:Create alone, and noteCreate to one with request:Update alone; nothing is written', async () => {
    const before = await counts();
    forbiddenRead(await run(MUTATIONS.requestCreate, { input: { subject: 'Secret' } }, await g.tokenWith(['request:Create'])));
    forbiddenRead(await run(MUTATIONS.noteCreate, { input: { requestId: encodeNodeId('Request', requestId), text: 'Hello' } }, await g.tokenWith(['request:Update'])));
    expect(await counts()).toEqual(before);
  });

  it('lets each mutation through with request:Read beside its write', async () => {
    const token = await g.tokenWith(['request:Create', 'request:Update', 'request:Read']);
    expect((await run(MUTATIONS.requestCreate, { input: { subject: 'Mine' } }, token)).data.requestCreate.errors).toEqual([]);
    expect((await run(MUTATIONS.requestUpdate, { input: { id: encodeNodeId('Request', requestId) } }, token)).data.requestUpdate.request.subject).toBe('Printer on fire');
    expect((await run(MUTATIONS.noteCreate, { input: { requestId: encodeNodeId('Request', requestId), text: 'Hello' } }, token)).data.noteCreate.errors).toEqual([]);
  });
});
