import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { insertOtherAccount, insertRequests, personId, postVars } from './support/reads-fixtures.js';

/** SPEC.md GraphQL endpoint rule 4 and "Global node ID": `node(id:)`, `nodes(ids:)`, `__typename`, inline fragments. */
describe('GraphQL node lookup', () => {
  let g: GraphqlHarness;
  let admin: string;
  let requestId: number;
  let noteId: number;
  let other: Awaited<ReturnType<typeof insertOtherAccount>>;

  beforeAll(async () => {
    g = await startGraphqlHarness();
    admin = g.demo.admin.token;
    const alice = await personId(g.test.db, g.demo.admin.email);
    requestId = (await insertRequests(g.test.db, g.demo.account, 1, { prefix: 'Lookup', personId: alice }))[0]!.id;
    [{ id: noteId }] = await g.test.db('notes').insert({ account_id: g.demo.account, request_id: requestId, person_id: alice, text: 'Looked at it' }).returning('id');
    other = await insertOtherAccount(g.test.db);
  });
  afterAll(() => g.stop());

  const NODE = `query Node($id: ID!) {
    node(id: $id) {
      __typename
      id
      ... on Request { subject requestedBy { name } notes(first: 5) { totalCount nodes { text } } }
      ... on Person { name primaryEmail }
      ... on Note { text person { name } }
    }
  }`;

  it('finds a request by its node ID, with __typename and the fields of an inline fragment', async () => {
    const id = encodeNodeId('Request', requestId);
    const body = (await postVars(g, admin, NODE, { id })).json();
    expect(body.errors).toBeUndefined();
    expect(body.data.node).toEqual({
      __typename: 'Request',
      id,
      subject: 'Lookup 001',
      requestedBy: { name: 'Alice Admin' },
      notes: { totalCount: 1, nodes: [{ text: 'Looked at it' }] },
    });
  });

  it('finds a person and a note with their own fragments', async () => {
    const alice = await personId(g.test.db, g.demo.admin.email);
    const person = (await postVars(g, admin, NODE, { id: encodeNodeId('Person', alice) })).json();
    expect(person.data.node).toEqual({ __typename: 'Person', id: encodeNodeId('Person', alice), name: 'Alice Admin', primaryEmail: g.demo.admin.email });
    const note = (await postVars(g, admin, NODE, { id: encodeNodeId('Note', noteId) })).json();
    expect(note.data.node).toMatchObject({ __typename: 'Note', text: 'Looked at it', person: { name: 'Alice Admin' } });
  });

  it('answers null for an unknown id, a malformed id, an unknown type and a record of another account', async () => {
    for (const id of [
      encodeNodeId('Request', 999_999),
      'not a node id',
      'aGVsbG8',
      encodeNodeId('WorkflowTemplate', 1),
      encodeNodeId('Request', other.requestIds[0]!),
      encodeNodeId('Team', other.teamId),
      encodeNodeId('Person', other.personId),
    ]) {
      const body = (await postVars(g, admin, NODE, { id })).json();
      expect(body).toEqual({ data: { node: null }, extensions: { cost: expect.any(Object) } });
    }
  });

  it('answers nodes(ids:) in order, null where nothing is visible, and __typename of each', async () => {
    const ids = [encodeNodeId('Request', requestId), 'garbage', encodeNodeId('Request', other.requestIds[0]!), encodeNodeId('Note', noteId)];
    const body = (await postVars(g, admin, 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', { ids })).json();
    expect(body.errors).toBeUndefined();
    expect(body.data.nodes).toEqual([{ __typename: 'Request', id: ids[0] }, null, null, { __typename: 'Note', id: ids[3] }]);
  });

  it('refuses more than 100 ids with a 400 before anything runs or is charged', async () => {
    const token = await g.tokenWith(['request:Read']);
    const remaining = async (): Promise<number> => (await postVars(g, token, '{ rateLimit { remaining } }', {})).json().data.rateLimit.remaining;
    const before = await remaining();
    const ids = Array.from({ length: 101 }, (_, i) => encodeNodeId('Request', i + 1));
    const refused = await postVars(g, token, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(refused.status).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ message: 'nodes: at most 100 IDs, got 101', extensions: { code: 'BAD_USER_INPUT' } });
    expect(refused.json().data).toBeUndefined();
    // Nothing was charged for it: the next cheap call finds one point less, its own.
    expect(await remaining()).toBe(before - 1);
  });

  it("needs Read on the node's type: FORBIDDEN naming the action, for that type only", async () => {
    const token = await g.tokenWith(['person:Read']);
    const refused = (await postVars(g, token, NODE, { id: encodeNodeId('Request', requestId) })).json();
    expect(refused.data.node).toBeNull();
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(refused.errors[0].message).toContain('request:Read');
    const alice = await personId(g.test.db, g.demo.admin.email);
    const allowed = (await postVars(g, token, '{ node(id: "' + encodeNodeId('Person', alice) + '") { __typename } }', {})).json();
    expect(allowed).toEqual({ data: { node: { __typename: 'Person' } }, extensions: { cost: expect.any(Object) } });
  });

  it('shows an end user only their own requests by node ID', async () => {
    await g.test.db('people').insert({ account_id: g.demo.account, name: 'Nina Nobody', primary_email: 'nina@widget.example' });
    const token = await g.tokenWith(['request:Read'], 'nina@widget.example');
    const body = (await postVars(g, token, NODE, { id: encodeNodeId('Request', requestId) })).json();
    expect(body).toEqual({ data: { node: null }, extensions: { cost: expect.any(Object) } });
  });
});
