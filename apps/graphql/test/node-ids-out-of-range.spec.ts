/**
 * Issue 18 item 4: a node ID whose number is outside 1..2,147,483,647 (the keys records can
 * have) names no record. It answers as the ID of a record that does not exist: null from
 * `node`/`nodes`, NOT_FOUND from a mutation's id, no match in a filter, and a payload error
 * for a reference; never INTERNAL_SERVER_ERROR.
 */
import { NODE_KINDS } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { postVars } from './support/reads-fixtures.js';

const nodeIdOf = (type: string, number: string) => Buffer.from(`tessera/${type}/${number}`, 'utf8').toString('base64url');
const BEYOND = ['2147483648', '9007199254740993', '99999999999999999999999999999999'];

describe('GraphQL node IDs beyond the keys of records', () => {
  let g: GraphqlHarness;
  beforeAll(async () => {
    g = await startGraphqlHarness();
  });
  afterAll(() => g.stop());

  const run = async (query: string, variables: Record<string, unknown>) => {
    const reply = await postVars(g, g.demo.admin.token, query, variables);
    expect(reply.status).toBe(200);
    return reply.json();
  };

  it('answers node and nodes with null for every type', async () => {
    const ids = NODE_KINDS.flatMap((type) => BEYOND.map((number) => nodeIdOf(type, number)));
    for (const id of ids) expect(await run('query($id: ID!) { node(id: $id) { id } }', { id })).toEqual({ data: { node: null }, extensions: { cost: expect.any(Object) } });
    expect(await run('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids })).toEqual({ data: { nodes: ids.map(() => null) }, extensions: { cost: expect.any(Object) } });
  });

  it('answers requestUpdate and noteCreate with NOT_FOUND, as for a request that does not exist', async () => {
    for (const number of BEYOND) {
      const id = nodeIdOf('Request', number);
      const updated = await run('mutation($input: RequestUpdateInput!) { requestUpdate(input: $input) { request { id } errors { message } } }', { input: { id, subject: 'x' } });
      expect(updated.errors).toEqual([expect.objectContaining({ path: ['requestUpdate'], extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
      const noted = await run('mutation($input: NoteCreateInput!) { noteCreate(input: $input) { note { id } errors { message } } }', { input: { requestId: id, text: 'hi' } });
      expect(noted.errors).toEqual([expect.objectContaining({ path: ['noteCreate'], extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
    }
  });

  it('answers a reference of a mutation with a payload error naming the input field', async () => {
    const created = await run('mutation($input: RequestCreateInput!) { requestCreate(input: $input) { request { id } errors { path message } } }', {
      input: { subject: 'Beyond', memberId: nodeIdOf('Person', '2147483648'), teamId: nodeIdOf('Team', '9007199254740993') },
    });
    expect(created.data.requestCreate).toEqual({
      request: null,
      errors: [
        { path: ['input', 'memberId'], message: 'No Person has this ID' },
        { path: ['input', 'teamId'], message: 'No Team has this ID' },
      ],
    });
  });

  it('matches nothing in a filter by such an ID', async () => {
    const body = await run('query($ids: [ID]) { requests(first: 5, filter: { team: { values: $ids } }) { totalCount nodes { id } } }', {
      ids: [nodeIdOf('Team', '2147483648')],
    });
    expect(body).toEqual({ data: { requests: { totalCount: 0, nodes: [] } }, extensions: { cost: expect.any(Object) } });
  });
});
