import { createDatabase } from './database.js';
import { isDatabaseMisconfigured, isDatabaseUnreachable } from './database-unreachable.js';
import { findFreePort } from './embedded-postgres.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('knows the error of a connect to a port where no server listens', async () => {
    const db = createDatabase({ url: `postgres://postgres:postgres@127.0.0.1:${await findFreePort()}/none`, poolMax: 1 });
    try {
      const error = await db.raw('select 1').then(() => null, (caught: unknown) => caught);
      expect(error).not.toBeNull();
      expect(isDatabaseUnreachable(error)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['no connection slots left (53300)', withCode('53300', 'sorry, too many clients already')],
    ['a database shut to connections (55000 at connect)', withCode('55000', 'database "tessera" is not currently accepting connections')],
    ['a connection exception (class 08)', withCode('08006')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the rollback of a transaction whose connection died (knex puts the statement first)', new Error('ROLLBACK - Client has encountered a connection error and is not queryable')],
    ['a pool that found no connection in time', Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' })],
    ['every address of localhost refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ['a cause that is one of these', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('says yes to %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a syntax error (42601)', withCode('42601', 'syntax error at or near "selec"')],
    ['a unique violation (23505)', withCode('23505')],
    ['a serialization failure (40001)', withCode('40001')],
    ['another 55000, of a statement', withCode('55000', 'currval of sequence "requests_id_seq" is not yet defined in this session')],
    ['a wrong password (28P01): a fault of configuration', withCode('28P01', 'password authentication failed for user "tessera"')],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('says no to %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

describe('isDatabaseMisconfigured', () => {
  it.each([
    ['a wrong password (28P01)', withCode('28P01', 'password authentication failed for user "tessera"')],
    ['an unknown role or no pg_hba entry (28000)', withCode('28000', 'role "nobody" does not exist')],
    ['a database that does not exist (3D000)', withCode('3D000', 'database "tessera" does not exist')],
    ['a cause that is one of these', new Error('connect failed', { cause: withCode('3D000') })],
  ])('says yes to %s', (_name, error) => {
    expect(isDatabaseMisconfigured(error)).toBe(true);
  });

  it.each([
    ['a server shutting down (57P01)', withCode('57P01')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a syntax error (42601)', withCode('42601')],
    ['null', null],
  ])('says no to %s', (_name, error) => {
    expect(isDatabaseMisconfigured(error)).toBe(false);
  });
});
