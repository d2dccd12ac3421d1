import { createTestDatabase, type TestDatabase } from './testing/index.js';
import { shapedStatement } from './statement-shapes.js';

/** Hot statements compiled once per shape and run with their values bound. */
let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await test.db('accounts').insert([{ id: 'shape-a', name: 'A' }, { id: 'shape-b', name: 'B' }]);
  await test.db('teams').insert([
    { account_id: 'shape-a', name: 'Ops' },
    { account_id: 'shape-a', name: 'Desk' },
    { account_id: 'shape-b', name: 'Ops' },
  ]);
});
afterAll(() => test.drop());

const teams = () =>
  shapedStatement<{ account: string; name: string | null }>((db, v) => {
    const query = db('teams').where('account_id', v.account).whereNot('name', 'Nobody').orderBy('name').select('name', 'account_id');
    if (v.name === null) query.whereNotNull('name');
    else query.where('name', v.name);
    return query;
  });

describe('shapedStatement', () => {
  it('binds each call its own values into the statement compiled for the shape', async () => {
    const statement = teams();

    expect(await statement.rows(test.db, 'list', { account: 'shape-a', name: 'Ops' })).toEqual([{ name: 'Ops', account_id: 'shape-a' }]);
    expect(await statement.rows(test.db, 'list', { account: 'shape-b', name: 'Ops' })).toEqual([{ name: 'Ops', account_id: 'shape-b' }]);
    expect(await statement.rows(test.db, 'list', { account: 'shape-a', name: 'Desk' })).toEqual([{ name: 'Desk', account_id: 'shape-a' }]);
    expect(statement.shapes).toBe(1);
  });

  it('compiles another shape when a value is null: the query may branch on it', async () => {
    const statement = teams();

    await statement.rows(test.db, 'list', { account: 'shape-a', name: 'Ops' });
    expect(await statement.rows(test.db, 'list', { account: 'shape-a', name: null })).toEqual([{ name: 'Desk', account_id: 'shape-a' }, { name: 'Ops', account_id: 'shape-a' }]);
    expect(await statement.rows(test.db, 'list', { account: 'shape-b', name: null })).toEqual([{ name: 'Ops', account_id: 'shape-b' }]);
    expect(statement.shapes).toBe(2);
  });

  it('compiles another shape per variant and per set of value names', async () => {
    const writes = shapedStatement<Record<string, unknown>>((db, v, variant) =>
      variant === 'insert' ? db('teams').insert(v).returning(['name', 'account_id']) : db('teams').where(v).select('name'));

    expect(await writes.rows(test.db, 'insert', { account_id: 'shape-b', name: 'Desk' })).toEqual([{ name: 'Desk', account_id: 'shape-b' }]);
    expect(await writes.rows(test.db, 'select', { account_id: 'shape-b', name: 'Desk' })).toEqual([{ name: 'Desk' }]);
    const all = await writes.rows<{ name: string }>(test.db, 'select', { account_id: 'shape-b' });
    expect(all.map((row) => row.name).sort()).toEqual(['Desk', 'Ops']);
    expect(writes.shapes).toBe(3);
  });

  it('leaves out an undefined value, as Knex does: the column default applies', async () => {
    const insert = shapedStatement<{ account_id: string; name: string; created_at?: Date }>((db, v) => db('teams').insert(v).returning(['name', 'created_at']));

    const [row] = await insert.rows<{ name: string; created_at: Date }>(test.db, 'insert', { account_id: 'shape-b', name: 'Later', created_at: undefined });
    expect(row!.name).toBe('Later');
    expect(row!.created_at).toBeInstanceOf(Date);
  });

  it('refuses a query whose SQL text holds a question mark that is not a value', () => {
    const statement = shapedStatement<{ account: string }>((db, v) => db('teams').where('account_id', v.account).whereRaw("name <> '?'"));
    return expect(statement.rows(test.db, 'odd', { account: 'shape-a' })).rejects.toThrow('2 placeholders for 1 values');
  });
});
