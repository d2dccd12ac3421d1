import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { insertOtherAccount, insertRequests, personId, postVars, type InsertedRequest } from './support/reads-fixtures.js';

/** Root `requests` (SPEC.md GraphQL endpoint rules 5 and 6): keyset pages, filters, orders, the account and the read scope. */
describe('GraphQL `requests` connection', () => {
  let g: GraphqlHarness;
  let admin: string;
  let inserted: InsertedRequest[];
  let teamId: number;
  const PAGE = `query Page($first: Int, $last: Int, $after: String, $before: String, $filter: RequestFilter, $order: RequestOrder) {
    requests(first: $first, last: $last, after: $after, before: $before, filter: $filter, order: $order) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { id dbId subject status } }
      nodes { dbId }
    }
  }`;
  const page = async (variables: Record<string, unknown>, token = admin) => {
    const body = (await postVars(g, token, PAGE, variables)).json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data.requests;
  };

  beforeAll(async () => {
    g = await startGraphqlHarness();
    admin = g.demo.admin.token;
    const db = g.test.db;
    [{ id: teamId }] = await db('teams').insert({ account_id: g.demo.account, name: 'Paging Team' }).returning('id');
    const alice = await personId(db, g.demo.admin.email);
    // Ten requests per creation time: ordering by createdAt relies on the id to break ties.
    const base = Date.parse('2026-01-01T00:00:00Z');
    inserted = await insertRequests(db, g.demo.account, 120, {
      prefix: 'Paged',
      personId: alice,
      teamId,
      status: (i) => (i % 3 === 0 ? 'in_progress' : 'assigned'),
      createdAt: (i) => new Date(base + Math.floor(i / 10) * 60_000),
    });
    await insertOtherAccount(db);
  });
  afterAll(() => g.stop());

  const teamFilter = () => ({ team: { values: [encodeNodeId('Team', teamId)] } });

  it('walks forward with first/after through every request of the filter once, in id order', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const result = await page({ first: 50, after, filter: teamFilter() });
      expect(result.totalCount).toBe(120);
      expect(result.pageInfo.hasPreviousPage).toBe(pages > 0);
      seen.push(...result.nodes.map((n: { dbId: number }) => n.dbId));
      pages += 1;
      if (!result.pageInfo.hasNextPage) break;
      after = result.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(inserted.map((r) => r.id));
  });

  it('walks backward with last/before from the end to the start', async () => {
    const seen: number[] = [];
    let before: string | null = null;
    for (;;) {
      const result = await page({ last: 50, before, filter: teamFilter() });
      seen.unshift(...result.nodes.map((n: { dbId: number }) => n.dbId));
      if (before === null) expect(result.pageInfo.hasNextPage).toBe(false);
      if (!result.pageInfo.hasPreviousPage) break;
      before = result.pageInfo.startCursor;
    }
    expect(seen).toEqual(inserted.map((r) => r.id));
  });

  it('pages in createdAt DESC with ties broken by id, stably, in both directions', async () => {
    const expected = [...inserted]
      .map((r, i) => ({ id: r.id, at: Math.floor(i / 10) }))
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((r) => r.id);
    const order = { field: 'CREATED_AT', direction: 'DESC' };
    const forward: number[] = [];
    let after: string | null = null;
    do {
      const result = await page({ first: 7, after, filter: teamFilter(), order });
      forward.push(...result.nodes.map((n: { dbId: number }) => n.dbId));
      after = result.pageInfo.hasNextPage ? result.pageInfo.endCursor : null;
    } while (after);
    expect(forward).toEqual(expected);
    // before + last from the middle: the 7 records just before the 60th.
    const middle = await page({ first: 60, filter: teamFilter(), order });
    const back = await page({ last: 7, before: middle.edges[59].cursor, filter: teamFilter(), order });
    expect(back.nodes.map((n: { dbId: number }) => n.dbId)).toEqual(expected.slice(52, 59));
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it('takes after + first from a cursor in the middle', async () => {
    const first = await page({ first: 10, filter: teamFilter() });
    const next = await page({ first: 5, after: first.edges[9].cursor, filter: teamFilter() });
    expect(next.nodes.map((n: { dbId: number }) => n.dbId)).toEqual(inserted.slice(10, 15).map((r) => r.id));
    expect(next.edges[0].node.id).toBe(encodeNodeId('Request', inserted[10]!.id));
  });

  it('filters by status and by requestedBy, and orders by subject', async () => {
    const result = await page({ first: 100, filter: { ...teamFilter(), status: { values: ['in_progress'] } }, order: { field: 'SUBJECT', direction: 'DESC' } });
    expect(result.totalCount).toBe(40);
    expect(result.edges.every((e: { node: { status: string } }) => e.node.status === 'in_progress')).toBe(true);
    expect(result.edges[0].node.subject).toBe('Paged 118');
    const alice = await personId(g.test.db, g.demo.admin.email);
    const byAlice = await page({ first: 1, filter: { requestedBy: { values: [encodeNodeId('Person', alice)] } } });
    expect(byAlice.totalCount).toBeGreaterThanOrEqual(120);
  });

  it('lists only requests of the current account', async () => {
    const all = await page({ first: 100 });
    const count = await g.test.db('requests').where({ account_id: g.demo.account }).count({ n: '*' }).first();
    expect(all.totalCount).toBe(Number(count!.n));
    const other = await g.test.db('requests').where({ account_id: 'other-co' }).pluck('id');
    let after: string | null = null;
    const ids: number[] = [];
    do {
      const result = await page({ first: 100, after });
      ids.push(...result.nodes.map((n: { dbId: number }) => n.dbId));
      after = result.pageInfo.hasNextPage ? result.pageInfo.endCursor : null;
    } while (after);
    expect(ids.some((id) => other.includes(id))).toBe(false);
  });

  it('shows an end user (no role in the account) only their own requests', async () => {
    const db = g.test.db;
    const [enduser] = await db('people').insert({ account_id: g.demo.account, name: 'Eve Enduser', primary_email: 'eve@widget.example' }).returning('id');
    await insertRequests(db, g.demo.account, 2, { prefix: 'Eve', personId: enduser.id });
    const token = await g.tokenWith(['request:Read'], 'eve@widget.example');
    const result = await page({ first: 100 }, token);
    expect(result.totalCount).toBe(2);
    expect(result.nodes.map((n: { dbId: number }) => n.dbId).sort()).toHaveLength(2);
  });

  it('pages the notes of each request; an end user never sees internal notes', async () => {
    const db = g.test.db;
    const [frank] = await db('people').insert({ account_id: g.demo.account, name: 'Frank Enduser', primary_email: 'frank@widget.example' }).returning('id');
    const [own] = await insertRequests(db, g.demo.account, 1, { prefix: 'Frank', personId: frank.id });
    const alice = await personId(db, g.demo.admin.email);
    await db('notes').insert([
      { account_id: g.demo.account, request_id: own!.id, person_id: frank.id, text: 'It is broken' },
      { account_id: g.demo.account, request_id: own!.id, person_id: alice, text: 'Probably the disk', internal: true },
      { account_id: g.demo.account, request_id: own!.id, person_id: alice, text: 'Replaced the disk' },
    ]);
    const query = `query($filter: RequestFilter) { requests(first: 5, filter: $filter) { nodes { notes(last: 2) { totalCount pageInfo { hasPreviousPage } nodes { text internal person { name } } } } } }`;
    const filter = { requestedBy: { values: [encodeNodeId('Person', frank.id)] } };
    const asAdmin = (await postVars(g, admin, query, { filter })).json().data.requests.nodes[0].notes;
    expect(asAdmin).toEqual({
      totalCount: 3,
      pageInfo: { hasPreviousPage: true },
      nodes: [{ text: 'Probably the disk', internal: true, person: { name: 'Alice Admin' } }, { text: 'Replaced the disk', internal: false, person: { name: 'Alice Admin' } }],
    });
    const token = await g.tokenWith(['request:Read', 'person:Read'], 'frank@widget.example');
    const asEndUser = (await postVars(g, token, query, { filter })).json().data.requests.nodes[0].notes;
    expect(asEndUser).toEqual({
      totalCount: 2,
      pageInfo: { hasPreviousPage: false },
      nodes: [{ text: 'It is broken', internal: false, person: { name: 'Frank Enduser' } }, { text: 'Replaced the disk', internal: false, person: { name: 'Alice Admin' } }],
    });
  });

  it('refuses a token without request:Read with FORBIDDEN naming the action', async () => {
    const body = (await g.post(await g.tokenWith(['person:Read']), '{ requests(first: 1) { totalCount } }')).json();
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(body.errors[0].message).toContain('request:Read');
  });

  it('answers a clear validation error for a bad cursor, a cursor of another order and a filter ID of another type', async () => {
    for (const variables of [
      { first: 5, after: 'not-a-cursor' },
      { first: 5, after: Buffer.from('["id","ASC","x"]').toString('base64url') },
      { first: 5, after: (await page({ first: 1 })).pageInfo.endCursor, order: { field: 'SUBJECT', direction: 'ASC' } },
      { first: 5, filter: { team: { values: [encodeNodeId('Person', 1)] } } },
    ]) {
      const body = (await postVars(g, admin, PAGE, variables)).json();
      expect(body.data).toBeNull();
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].extensions.errors[0].message).toEqual(expect.any(String));
    }
  });

  it('refuses first/last out of range or together with a validation error, never a server error', async () => {
    for (const variables of [{ first: 0 }, { last: 101 }, { first: 5, last: 5 }, {}]) {
      const body = (await postVars(g, admin, PAGE, variables)).json();
      expect(['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED']).toContain(body.errors[0].extensions.code);
    }
  });

  it('shows the fields of a request and its references as objects', async () => {
    const body = (await g.post(admin, `{ requests(first: 1, filter: { status: { values: ["in_progress"] } }, order: { field: ID, direction: ASC }) {
      nodes { subject category createdAt team { name } requestedBy { name primaryEmail } member { name } }
    } }`)).json();
    expect(body.errors).toBeUndefined();
    const [node] = body.data.requests.nodes;
    expect(node.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(node.requestedBy).toEqual(expect.objectContaining({ name: expect.any(String) }));
  });
});
