import { createTestDatabase, type TestDatabase } from './testing/index.js';
import { prepared } from './prepared.js';

describe('prepared — hot queries as named prepared statements', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  const nameOf = (query: ReturnType<typeof prepared>) => (query as unknown as { _options: Array<{ name: string }> })._options[0]!.name;

  it('names a query after its SQL text: the same shape with other values shares a name, another shape gets its own', () => {
    const a = prepared(test.db('accounts').where({ id: 'wdc' }).first('id'));
    const b = prepared(test.db('accounts').where({ id: 'other' }).first('id'));
    const c = prepared(test.db('accounts').where({ id: 'wdc', name: 'x' }).first('id'));
    expect(nameOf(a)).toBe(nameOf(b));
    expect(nameOf(c)).not.toBe(nameOf(a));
  });

  it('answers like the unnamed query, also when the same statement runs again with other values on the same connection', async () => {
    await test.db('accounts').insert([{ id: 'prep-one', name: 'One' }, { id: 'prep-two', name: 'Two' }]);
    await test.db.transaction(async (trx) => {
      expect(await prepared(trx('accounts').where({ id: 'prep-one' }).first('name'))).toEqual({ name: 'One' });
      expect(await prepared(trx('accounts').where({ id: 'prep-two' }).first('name'))).toEqual({ name: 'Two' });
      expect(await prepared(trx('accounts').where({ id: 'prep-none' }).first('name'))).toBeUndefined();
    });
  });

  it('compiles the query once: the runner takes the compilation made for the name', async () => {
    const client = test.db.client as { queryCompiler: (...args: unknown[]) => unknown };
    const original = client.queryCompiler;
    let compilations = 0;
    client.queryCompiler = function (this: unknown, ...args: unknown[]) {
      compilations++;
      return original.apply(this, args);
    };
    try {
      expect(await prepared(test.db('accounts').where({ id: 'prep-one' }).first('name'))).toEqual({ name: 'One' });
      expect(compilations).toBe(1);
    } finally {
      client.queryCompiler = original;
    }
  });
});
