import { pageRequest, toConnection, trustedAccountId, type ConnectionOrder, type GraphReadScope, type PageArgs, type StoredPage, type TeamNode } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { graphReads } from './graph-reads.js';

/** Keyset pages on the embedded Postgres: forward, backward, from cursors, ties on the order field, pages per parent. */
let test: TestDatabase;
const ACCOUNT = trustedAccountId('keyset-co');
const scope: GraphReadScope = { accountId: ACCOUNT, peopleAccounts: [ACCOUNT], requests: { accountId: ACCOUNT, personId: null, internalNotes: true }, recordNotes: [], reader: { personId: 0, organizationId: null, roles: ['administrator'] } };
let teams: Array<{ id: number; name: string; created_at: Date }>;
const byName: ConnectionOrder = { field: 'name', direction: 'ASC' };

const request = (args: PageArgs, order: ConnectionOrder | null = null) =>
  pageRequest(args, order, ['id', 'name', 'createdAt', 'updatedAt'], { field: 'id', direction: 'ASC' });
const ids = (page: StoredPage<TeamNode>) => page.rows.map((row) => row.node.id);

beforeAll(async () => {
  test = await createTestDatabase();
  await test.db('accounts').insert([{ id: ACCOUNT, name: 'Keyset' }, { id: 'elsewhere', name: 'Elsewhere' }]);
  // Four teams per creation time (microsecond precision, which a JS Date cannot hold): ties broken by id.
  const rows = Array.from({ length: 23 }, (_, i) => ({
    account_id: ACCOUNT,
    name: `Team ${String(22 - i).padStart(2, '0')}`,
    created_at: test.db.raw(`timestamptz '2026-01-01 00:00:00.123456+00' + ? * interval '1 minute'`, [Math.floor(i / 4)]),
  }));
  teams = await test.db('teams').insert(rows).returning(['id', 'name', 'created_at']);
  await test.db('teams').insert({ account_id: 'elsewhere', name: 'Team 00' });
});
afterAll(() => test.drop());

describe('graphReads().page — one list', () => {
  const reads = () => graphReads(test.db);
  const all = () => teams.map((t) => t.id);

  it('walks forward with first/after, then backward with last/before, over every row once', async () => {
    const forward: number[] = [];
    let after: string | null = null;
    for (;;) {
      const req = request({ first: 5, after });
      const page = await reads().page('Team', scope, {}, req);
      expect(page.totalCount).toBe(23);
      expect(page.hasPreviousPage).toBe(forward.length > 0);
      forward.push(...ids(page as StoredPage<TeamNode>));
      if (!page.hasNextPage) break;
      after = toConnection(page, req.order).pageInfo.endCursor;
    }
    expect(forward).toEqual(all());
    const backward: number[] = [];
    let before: string | null = null;
    for (;;) {
      const req = request({ last: 6, before });
      const page = await reads().page('Team', scope, {}, req);
      backward.unshift(...ids(page as StoredPage<TeamNode>));
      if (!page.hasPreviousPage) break;
      before = toConnection(page, req.order).pageInfo.startCursor;
    }
    expect(backward).toEqual(all());
  });

  it('orders by a field with ties (createdAt, microseconds) stably, ties broken by id, in both directions', async () => {
    for (const direction of ['ASC', 'DESC'] as const) {
      const order: ConnectionOrder = { field: 'createdAt', direction };
      const expected = [...teams].sort((a, b) => (a.created_at.getTime() - b.created_at.getTime() || a.id - b.id) * (direction === 'ASC' ? 1 : -1)).map((t) => t.id);
      const seen: number[] = [];
      let after: string | null = null;
      for (;;) {
        const req = request({ first: 3, after }, order);
        const page = await reads().page('Team', scope, {}, req);
        seen.push(...ids(page as StoredPage<TeamNode>));
        if (!page.hasNextPage) break;
        after = toConnection(page, order).pageInfo.endCursor;
      }
      expect(seen).toEqual(expected);
    }
  });

  it('takes after + first and before + last from a cursor in the middle', async () => {
    const sorted = [...teams].sort((a, b) => a.name.localeCompare(b.name)).map((t) => t.id);
    const head = toConnection(await reads().page('Team', scope, {}, request({ first: 10 }, byName)), byName);
    expect(head.nodes.map((n) => n.id)).toEqual(sorted.slice(0, 10));
    const cursor = head.edges[9]!.cursor;
    const next = await reads().page('Team', scope, {}, request({ first: 4, after: cursor }, byName));
    expect(ids(next as StoredPage<TeamNode>)).toEqual(sorted.slice(10, 14));
    expect(next).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
    const previous = await reads().page('Team', scope, {}, request({ last: 4, before: cursor }, byName));
    expect(ids(previous as StoredPage<TeamNode>)).toEqual(sorted.slice(5, 9));
    expect(previous).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
    const start = await reads().page('Team', scope, {}, request({ last: 20, before: cursor }, byName));
    expect(ids(start as StoredPage<TeamNode>)).toEqual(sorted.slice(0, 9));
    expect(start.hasPreviousPage).toBe(false);
  });

  it('filters, counts the filtered rows only, and reads nothing of another account', async () => {
    const page = await reads().page('Team', scope, { name: ['Team 00', 'Team 05'] }, request({ first: 10 }));
    expect(page.totalCount).toBe(2);
    expect(page.rows.map((r) => (r.node as TeamNode).name).sort()).toEqual(['Team 00', 'Team 05']);
    const empty = await reads().page('Team', { ...scope, accountId: trustedAccountId('nobody') }, {}, request({ first: 10 }));
    expect(empty).toEqual({ rows: [], totalCount: 0, hasNextPage: false, hasPreviousPage: false });
  });
});

describe('graphReads().nestedPages — many parents, one statement', () => {
  it('pages each parent separately, with its own totalCount, and an empty page for a parent without rows', async () => {
    const people = await test.db('people')
      .insert(Array.from({ length: 3 }, (_, i) => ({ account_id: ACCOUNT, name: `P${i}`, primary_email: `p${i}@keyset.example` })))
      .returning('id');
    const [p0, p1, p2] = people.map((p: { id: number }) => p.id) as [number, number, number];
    await test.db('team_memberships').insert(teams.slice(0, 7).map((t) => ({ account_id: ACCOUNT, team_id: t.id, person_id: p0 })));
    await test.db('team_memberships').insert(teams.slice(0, 2).map((t) => ({ account_id: ACCOUNT, team_id: t.id, person_id: p1 })));
    const statements: string[] = [];
    const count = (q: { sql: string }) => statements.push(q.sql);
    test.db.on('query', count);
    const pages = await graphReads(test.db).nestedPages('Person.teams', scope, [p0, p1, p2], request({ first: 3 }));
    test.db.off('query', count);
    expect(statements).toHaveLength(1);
    expect(pages.get(p0)).toMatchObject({ totalCount: 7, hasNextPage: true, hasPreviousPage: false });
    expect(ids(pages.get(p0) as StoredPage<TeamNode>)).toEqual(teams.slice(0, 3).map((t) => t.id));
    expect(pages.get(p1)).toMatchObject({ totalCount: 2, hasNextPage: false });
    expect(pages.get(p2)).toBeUndefined();
  });
});
