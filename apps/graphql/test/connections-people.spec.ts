import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { insertOtherAccount, personId, postVars } from './support/reads-fixtures.js';

/** Root `people` (SPEC.md GraphQL endpoint rule 5: `people(first:, filter: {primaryEmail: {values:}})`), `Person.teams`, `Team.members`, `me`. */
describe('GraphQL `people` connection', () => {
  let g: GraphqlHarness;
  let admin: string;
  let people: Array<{ id: number; name: string; primary_email: string }>;
  let teams: Array<{ id: number; name: string }>;

  beforeAll(async () => {
    g = await startGraphqlHarness();
    admin = g.demo.admin.token;
    const db = g.test.db;
    people = await db('people')
      .insert(Array.from({ length: 12 }, (_, i) => ({
        account_id: g.demo.account,
        name: `Member ${String(i).padStart(2, '0')}`,
        primary_email: `Member${i}@Widget.example`,
        disabled: i === 11,
      })))
      .returning(['id', 'name', 'primary_email']);
    teams = await db('teams').insert(Array.from({ length: 3 }, (_, i) => ({ account_id: g.demo.account, name: `Crew ${i}` }))).returning(['id', 'name']);
    // Member i belongs to crews 0..(i % 3).
    await db('team_memberships').insert(people.flatMap((p, i) => teams.slice(0, (i % 3) + 1).map((t) => ({ account_id: g.demo.account, team_id: t.id, person_id: p.id }))));
    await insertOtherAccount(db);
  });
  afterAll(() => g.stop());

  const PEOPLE = `query People($first: Int, $last: Int, $after: String, $before: String, $filter: PersonFilter, $order: PersonOrder) {
    people(first: $first, last: $last, after: $after, before: $before, filter: $filter, order: $order) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
      edges { cursor node { id name primaryEmail disabled } }
    }
  }`;
  const page = async (variables: Record<string, unknown>, token = admin) => {
    const body = (await postVars(g, token, PEOPLE, variables)).json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data.people;
  };
  const names = (result: { edges: Array<{ node: { name: string } }> }) => result.edges.map((e) => e.node.name);

  it('filters by primaryEmail values, case-insensitively, as the spec example does', async () => {
    const body = (await g.post(admin, `{ people(first: 10, filter: { primaryEmail: { values: ["member3@widget.example", "MEMBER4@widget.EXAMPLE", "nobody@x.example"] } }) { nodes { name primaryEmail } } }`)).json();
    expect(body.data.people.nodes).toEqual([
      { name: 'Member 03', primaryEmail: 'Member3@Widget.example' },
      { name: 'Member 04', primaryEmail: 'Member4@Widget.example' },
    ]);
  });

  it('takes the filter as SPEC.md spells it, `values: [String]`, in a variable, and refuses a null value or none', async () => {
    const query = 'query($emails: [String]) { people(first: 5, filter: { primaryEmail: { values: $emails } }) { totalCount } }';
    expect((await postVars(g, admin, query, { emails: ['member5@widget.example'] })).json()).toEqual({ data: { people: { totalCount: 1 } }, extensions: { cost: expect.any(Object) } });
    for (const emails of [[null], null]) {
      const body = (await postVars(g, admin, query, { emails })).json();
      expect(body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: ['filter.primaryEmail'] }] });
    }
  });

  it('filters by name and disabled, pages by name both ways, and counts the filter', async () => {
    const filter = { name: { values: people.map((p) => p.name) }, disabled: false };
    const order = { field: 'NAME', direction: 'DESC' };
    const first = await page({ first: 4, filter, order });
    expect(first.totalCount).toBe(11);
    expect(names(first)).toEqual(['Member 10', 'Member 09', 'Member 08', 'Member 07']);
    const second = await page({ first: 4, after: first.pageInfo.endCursor, filter, order });
    expect(names(second)).toEqual(['Member 06', 'Member 05', 'Member 04', 'Member 03']);
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const back = await page({ last: 3, before: second.pageInfo.startCursor, filter, order });
    expect(names(back)).toEqual(['Member 09', 'Member 08', 'Member 07']);
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
    const tail = await page({ last: 2, filter, order });
    expect(names(tail)).toEqual(['Member 01', 'Member 00']);
    expect(tail.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
  });

  it('filters by locale and timeZone as REST filters by locale and time_zone', async () => {
    const db = g.test.db;
    await db('people').whereIn('id', [people[2]!.id, people[5]!.id]).update({ locale: 'nl-NL', time_zone: 'Europe/Amsterdam' });
    await db('people').where('id', people[5]!.id).update({ time_zone: 'Asia/Tokyo' });
    const filtered = async (filter: Record<string, unknown>) => names(await page({ first: 20, filter, order: { field: 'NAME', direction: 'ASC' } }));
    expect(await filtered({ locale: { values: ['nl-NL'] } })).toEqual(['Member 02', 'Member 05']);
    expect(await filtered({ timeZone: { values: ['Europe/Amsterdam', 'America/Lima'] } })).toEqual(['Member 02']);
    expect(await filtered({ locale: { values: ['nl-NL'] }, timeZone: { values: ['Asia/Tokyo'] } })).toEqual(['Member 05']);
    await db('people').whereIn('id', [people[2]!.id, people[5]!.id]).update({ locale: 'en-US', time_zone: 'UTC' });
  });

  it('lists the people of the current account and of its directory account, no others', async () => {
    const all = await page({ first: 100 });
    const count = await g.test.db('people').whereIn('account_id', [g.demo.account, 'widget']).count({ n: '*' }).first();
    expect(Number(count!.n)).toBeGreaterThan(Number((await g.test.db('people').where({ account_id: g.demo.account }).count({ n: '*' }).first())!.n));
    expect(all.totalCount).toBe(Number(count!.n));
    expect(all.edges.some((e: { node: { primaryEmail: string } }) => e.node.primaryEmail.endsWith('other-co.example'))).toBe(false);
  });

  it('pages the teams of each person and the members of each team', async () => {
    const query = `query($filter: PersonFilter) { people(first: 20, filter: $filter, order: { field: NAME, direction: ASC }) {
      nodes { name teams(first: 2, order: { field: NAME, direction: ASC }) { totalCount pageInfo { hasNextPage } nodes { name members(first: 1) { totalCount } } } }
    } }`;
    const body = (await postVars(g, admin, query, { filter: { name: { values: ['Member 00', 'Member 01', 'Member 02'] } } })).json();
    expect(body.errors).toBeUndefined();
    expect(body.data.people.nodes).toEqual([
      { name: 'Member 00', teams: { totalCount: 1, pageInfo: { hasNextPage: false }, nodes: [{ name: 'Crew 0', members: { totalCount: 12 } }] } },
      { name: 'Member 01', teams: { totalCount: 2, pageInfo: { hasNextPage: false }, nodes: [{ name: 'Crew 0', members: { totalCount: 12 } }, { name: 'Crew 1', members: { totalCount: 8 } }] } },
      { name: 'Member 02', teams: { totalCount: 3, pageInfo: { hasNextPage: true }, nodes: [{ name: 'Crew 0', members: { totalCount: 12 } }, { name: 'Crew 1', members: { totalCount: 8 } }] } },
    ]);
  });

  it('answers `me` with the same Person shape, nested connections included', async () => {
    const alice = await personId(g.test.db, g.demo.admin.email);
    const body = (await g.post(admin, '{ me { id dbId name primaryEmail disabled createdAt teams(first: 5) { totalCount } } }')).json();
    expect(body.errors).toBeUndefined();
    expect(body.data.me).toMatchObject({ id: encodeNodeId('Person', alice), dbId: alice, name: 'Alice Admin', disabled: false });
    expect(body.data.me.teams.totalCount).toBeGreaterThanOrEqual(0);
  });

  it('refuses people without person:Read and Person.teams without team:Read, naming the action', async () => {
    const noPeople = (await g.post(await g.tokenWith(['team:Read']), '{ people(first: 1) { totalCount } }')).json();
    expect(noPeople.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(noPeople.errors[0].message).toContain('person:Read');
    const noTeams = (await g.post(await g.tokenWith(['person:Read']), '{ people(first: 1) { nodes { teams(first: 1) { totalCount } } } }')).json();
    expect(noTeams.errors[0].message).toContain('team:Read');
  });
});
