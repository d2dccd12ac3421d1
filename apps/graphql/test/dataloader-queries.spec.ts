import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { insertRequests, personId, postVars } from './support/reads-fixtures.js';

/**
 * Issue 12: "a 100-node page with nested references costs a bounded number of SQL
 * queries". Every statement the app sends through the test database is counted (knex's
 * `query` event), for 10 and for 100 parents: the count is small and does not grow.
 */
describe('GraphQL DataLoader batching', () => {
  let g: GraphqlHarness;
  let admin: string;
  let teamId: number;
  let bulkNames: string[];

  beforeAll(async () => {
    g = await startGraphqlHarness();
    admin = g.demo.admin.token;
    const db = g.test.db;
    const alice = await personId(db, g.demo.admin.email);
    [{ id: teamId }] = await db('teams').insert({ account_id: g.demo.account, name: 'Batch Team' }).returning('id');
    const requests = await insertRequests(db, g.demo.account, 120, { prefix: 'Batched', personId: alice, teamId });
    // Request i has i % 7 notes.
    await db('notes').insert(requests.flatMap((r, i) => Array.from({ length: i % 7 }, (_, n) => ({ account_id: g.demo.account, request_id: r.id, person_id: alice, text: `note ${n}` }))));
    const people = await db('people')
      .insert(Array.from({ length: 100 }, (_, i) => ({ account_id: g.demo.account, name: `Bulk ${String(i).padStart(3, '0')}`, primary_email: `bulk${i}@widget.example` })))
      .returning(['id', 'name']);
    bulkNames = people.map((p: { name: string }) => p.name);
    const teams = await db('teams').insert(Array.from({ length: 12 }, (_, i) => ({ account_id: g.demo.account, name: `Squad ${String(i).padStart(2, '0')}` }))).returning('id');
    await db('team_memberships').insert(people.flatMap((p: { id: number }) => teams.map((t: { id: number }) => ({ account_id: g.demo.account, team_id: t.id, person_id: p.id }))));
  });
  afterAll(() => g.stop());

  /** The statements that read records: without the token lookup, its last-used touch and the quota counters, which come and go with caches and throttles. */
  const reads = (statements: string[]) => statements.filter((sql) => !/personal_access_tokens|rate_limit/.test(sql));

  async function counted(query: string, variables: Record<string, unknown>) {
    const statements: string[] = [];
    const listener = (q: { sql: string }) => statements.push(q.sql);
    g.test.db.on('query', listener);
    try {
      const body = (await postVars(g, admin, query, variables)).json();
      return { body, statements };
    } finally {
      g.test.db.off('query', listener);
    }
  }

  const REQUESTS = `query($first: Int!, $filter: RequestFilter) { requests(first: $first, filter: $filter) {
    totalCount
    nodes { dbId subject requestedBy { name } team { name } notes(first: 5) { totalCount nodes { text person { name } } } }
  } }`;

  it('reads a page of 100 requests with requestedBy, team and notes(first: 5) in a bounded number of statements, the same as for 10', async () => {
    const filter = { team: { values: [Buffer.from(`tessera/Team/${teamId}`).toString('base64url')] } };
    const ten = await counted(REQUESTS, { first: 10, filter });
    const hundred = await counted(REQUESTS, { first: 100, filter });
    expect(hundred.body.errors).toBeUndefined();
    const nodes = hundred.body.data.requests.nodes;
    expect(nodes).toHaveLength(100);
    nodes.forEach((node: { subject: string; requestedBy: { name: string }; team: { name: string }; notes: { totalCount: number; nodes: Array<{ text: string; person: { name: string } }> } }, i: number) => {
      expect(node.subject).toBe(`Batched ${String(i + 1).padStart(3, '0')}`);
      expect(node.requestedBy.name).toBe('Alice Admin');
      expect(node.team.name).toBe('Batch Team');
      expect(node.notes.totalCount).toBe(i % 7);
      expect(node.notes.nodes.map((n) => n.text)).toEqual(Array.from({ length: Math.min(i % 7, 5) }, (_, n) => `note ${n}`));
      if (node.notes.nodes.length > 0) expect(node.notes.nodes[0]!.person.name).toBe('Alice Admin');
    });
    // requests page, people by id, teams by id, notes per request: four reads, whatever the page size.
    expect(reads(hundred.statements)).toHaveLength(4);
    expect(reads(ten.statements)).toHaveLength(4);
    expect(hundred.statements.length).toBeLessThanOrEqual(8);
  });

  it('reads 100 people each with teams(first: 10) in a bounded number of statements, the same as for 10', async () => {
    const query = `query($first: Int!, $filter: PersonFilter) { people(first: $first, filter: $filter, order: { field: NAME, direction: ASC }) {
      nodes { name teams(first: 10, order: { field: NAME, direction: ASC }) { totalCount pageInfo { hasNextPage } nodes { name } } }
    } }`;
    const filter = { name: { values: bulkNames } };
    const ten = await counted(query, { first: 10, filter });
    const hundred = await counted(query, { first: 100, filter });
    expect(hundred.body.errors).toBeUndefined();
    const nodes = hundred.body.data.people.nodes;
    expect(nodes.map((n: { name: string }) => n.name)).toEqual(bulkNames);
    for (const node of nodes) {
      expect(node.teams.totalCount).toBe(12);
      expect(node.teams.pageInfo.hasNextPage).toBe(true);
      expect(node.teams.nodes.map((t: { name: string }) => t.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Squad ${String(i).padStart(2, '0')}`));
    }
    // the people page and the teams of every person on it.
    expect(reads(hundred.statements)).toHaveLength(2);
    expect(reads(ten.statements)).toHaveLength(2);
    expect(hundred.statements.length).toBeLessThanOrEqual(6);
  });
});
