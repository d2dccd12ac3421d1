import { parseCollectionQuery, type CollectionSpec, type RawQuery } from '@tessera/validation';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { fetchPage } from './collection.js';

interface TeamRow {
  id: number;
  name: string;
  created_at: Date;
}

const spec: CollectionSpec = {
  fields: ['id', 'name', 'created_at'],
  defaultFields: ['id', 'name'],
  sortable: ['id', 'name', 'created_at'],
  filters: { id: 'integer', name: 'string', created_at: 'datetime' },
};
const columns = { id: 'id', name: 'name', created_at: 'created_at' };

const TEAM_COUNT = 25;
const nameOf = (k: number) => `Team ${String(k).padStart(2, '0')}`;
/** Teams are created in 5 groups of 5 at the same moment: teams 1-5 on 2026-01-01 at noon UTC, 6-10 on 2026-01-02, … */
const createdAtOf = (k: number) => new Date(Date.UTC(2026, 0, Math.ceil(k / 5), 12));

describe('fetchPage', () => {
  let test: TestDatabase;
  /**
   * Team number k → its id. Name order, id order and the order rows lie in the table all differ
   * (ids are given in descending insertion order), so no sort passes by accident.
   */
  const idOf = new Map<number, number>();

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert([
      { id: 'acme', name: 'Acme' },
      { id: 'other', name: 'Other' },
    ]);
    for (let i = 0; i < TEAM_COUNT; i += 1) {
      const k = ((i * 7) % TEAM_COUNT) + 1;
      const id = 1000 - i;
      await test.db('teams').insert({ id, account_id: 'acme', name: nameOf(k), created_at: createdAtOf(k) });
      idOf.set(k, id);
    }
    await test.db('teams').insert({ account_id: 'other', name: 'Team 01', created_at: createdAtOf(1) });
  });

  afterAll(async () => {
    await test.drop();
  });

  const fetch = (raw: RawQuery) =>
    fetchPage<TeamRow>(
      test.db('teams').where({ account_id: 'acme' }).select('id', 'name', 'created_at'),
      parseCollectionQuery(raw, spec),
      columns,
    );
  const names = (rows: TeamRow[]) => rows.map((row) => row.name);
  const allIdsAscending = () => [...idOf.values()].sort((a, b) => a - b);
  /** The names of teams ks in id order. */
  const byId = (ks: number[]) => [...ks].sort((a, b) => idOf.get(a)! - idOf.get(b)!).map(nameOf);

  it('counts the 25 teams of the account and returns the first 20 by id ascending', async () => {
    const page = await fetch({});
    expect(page.total).toBe(25);
    expect(page.rows).toHaveLength(20);
    expect(page.rows.map((row) => row.id)).toEqual(allIdsAscending().slice(0, 20));
    expect(Object.keys(page.rows[0]!).sort()).toEqual(['created_at', 'id', 'name']);
  });

  it('returns the remaining 5 teams on page 2 of 20', async () => {
    const page = await fetch({ page: '2' });
    expect(page.total).toBe(25);
    expect(page.rows.map((row) => row.id)).toEqual(allIdsAscending().slice(20));
  });

  it('returns pages of 10, 10 and 5 for per_page 10, and none past the end', async () => {
    const sizes = [];
    for (const page of ['1', '2', '3', '4']) {
      const result = await fetch({ per_page: '10', page });
      expect(result.total).toBe(25);
      sizes.push(result.rows.length);
    }
    expect(sizes).toEqual([10, 10, 5, 0]);
  });

  it('returns every team exactly once across the pages', async () => {
    const seen: number[] = [];
    for (const page of ['1', '2', '3', '4', '5']) seen.push(...(await fetch({ per_page: '6', page })).rows.map((row) => row.id));
    expect(seen).toEqual(allIdsAscending());
  });

  it('orders by name descending for sort=-name', async () => {
    const page = await fetch({ sort: '-name', per_page: '100' });
    expect(names(page.rows)).toEqual(Array.from({ length: TEAM_COUNT }, (_, i) => nameOf(TEAM_COUNT - i)));
  });

  it('pages through sort=-name: page 2 of 5 holds Team 20 down to Team 16', async () => {
    const page = await fetch({ sort: '-name', per_page: '5', page: '2' });
    expect(names(page.rows)).toEqual(['Team 20', 'Team 19', 'Team 18', 'Team 17', 'Team 16']);
  });

  it('orders by created_at descending for sort=-created_at, breaking ties by id ascending', async () => {
    const page = await fetch({ sort: '-created_at', per_page: '5' });
    expect(names(page.rows)).toEqual(byId([21, 22, 23, 24, 25]));
    expect(page.rows[0]!.created_at.toISOString()).toBe('2026-01-05T12:00:00.000Z');
  });

  it('pages through ties in a stable order, every team exactly once', async () => {
    const seen: string[] = [];
    for (const page of ['1', '2', '3', '4', '5', '6', '7']) seen.push(...names((await fetch({ sort: 'created_at', per_page: '4', page })).rows));
    expect(seen).toEqual([1, 6, 11, 16, 21].flatMap((first) => byId([first, first + 1, first + 2, first + 3, first + 4])));
  });

  it('returns only the listed teams for ?id=a,b,c', async () => {
    const wanted = [idOf.get(3)!, idOf.get(9)!, idOf.get(17)!];
    const page = await fetch({ id: wanted.join(',') });
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.id)).toEqual([...wanted].sort((a, b) => a - b));
    expect(names(page.rows).sort()).toEqual(['Team 03', 'Team 09', 'Team 17']);
  });

  it('returns every team but the named ones for ?name!=Team 01,Team 02', async () => {
    const page = await fetch({ 'name!': 'Team 01,Team 02', per_page: '100' });
    expect(page.total).toBe(23);
    expect(page.rows).toHaveLength(23);
    expect(names(page.rows)).not.toContain('Team 01');
    expect(names(page.rows)).not.toContain('Team 02');
  });

  it('returns every team but the named one for ?name=!Team 03', async () => {
    const page = await fetch({ name: '!Team 03', per_page: '100' });
    expect(page.total).toBe(24);
    expect(names(page.rows)).not.toContain('Team 03');
  });

  it('returns exactly the named team for ?name=Team 07', async () => {
    const page = await fetch({ name: 'Team 07' });
    expect(page.total).toBe(1);
    expect(page.rows).toEqual([{ id: idOf.get(7), name: 'Team 07', created_at: createdAtOf(7) }]);
  });

  it('returns no teams for ?name= (name is empty), as every team has a name', async () => {
    const page = await fetch({ name: '' });
    expect(page).toEqual({ rows: [], total: 0 });
  });

  it('returns every team for ?name!= (name is present)', async () => {
    const page = await fetch({ 'name!': '' });
    expect(page.total).toBe(25);
  });

  it('returns the teams created on or after a moment for ?created_at=>', async () => {
    const page = await fetch({ created_at: '>2026-01-03T12:00:00Z', per_page: '100', sort: 'created_at' });
    expect(page.total).toBe(15);
    expect(names(page.rows).slice(0, 5)).toEqual(byId([11, 12, 13, 14, 15]));
  });

  it('returns the teams created on or before a moment for ?created_at=<', async () => {
    const page = await fetch({ created_at: '<2026-01-01T12:00:00+00:00', sort: '-created_at' });
    expect(page.total).toBe(5);
    expect(names(page.rows)).toEqual(byId([1, 2, 3, 4, 5]));
  });

  it('counts the filtered teams, not the page, when filters and paging combine', async () => {
    const page = await fetch({ 'name!': 'Team 25', created_at: '>2026-01-02', sort: '-name', per_page: '4', page: '2' });
    expect(page.total).toBe(19);
    expect(names(page.rows)).toEqual(['Team 20', 'Team 19', 'Team 18', 'Team 17']);
  });

  it('does not count teams of another account', async () => {
    const page = await fetch({ name: 'Team 01' });
    expect(page.total).toBe(1);
    expect(page.rows[0]!.id).toBe(idOf.get(1));
  });
});
