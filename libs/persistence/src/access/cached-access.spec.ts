import { authenticateCall, type AccessContext } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { seedDemoData, type DemoSeedResult } from '../seed/demo-seed.js';
import { createCachedAccess, type CachedAccess } from './cached-access.js';

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

function recordingLog() {
  const lines: string[] = [];
  return { lines, info: (_: object, message: string) => lines.push(message), warn: (_: object, message: string) => lines.push(message) };
}

describe('cached access — resolving callers without the database, kept true by PostgreSQL notifications', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let access: CachedAccess;
  let log: ReturnType<typeof recordingLog>;
  const queries: string[] = [];
  const resolve = (token = demo.admin.token): Promise<AccessContext> => authenticateCall({ authorization: `Bearer ${token}`, account: demo.account }, access.port);
  const refused = (token = demo.admin.token) => resolve(token).then(() => false, () => true);

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    test.db.on('query', (query: { sql: string }) => queries.push(query.sql));
  });
  afterAll(() => test.drop());
  beforeEach(async () => {
    await test.db('personal_access_tokens').update({ revoked_at: null, last_used_at: null });
    await test.db('people').update({ disabled: false });
    log = recordingLog();
    access = createCachedAccess(test.db, { log, tokenUseFlushMs: 60_000 });
    await until(() => access.cache.serving);
    queries.length = 0;
  });
  afterEach(() => access.close());

  it('reads a known caller once, then answers from memory without a query', async () => {
    await resolve();
    const afterFirst = queries.length;
    for (let i = 0; i < 20; i++) await resolve();
    expect(afterFirst).toBe(1);
    expect(queries).toHaveLength(1);
  });

  it('refuses a token revoked by an UPDATE in the database within one second', async () => {
    await resolve();
    const admin = test.db('people').where({ primary_email: demo.admin.email }).select('id');
    await test.db('personal_access_tokens').whereIn('person_id', admin).update({ revoked_at: test.db.fn.now() });
    expect(await until(() => refused(), 1000)).toBeLessThan(1000);
  });

  it('refuses every token of a person disabled in the database within one second', async () => {
    await resolve();
    await test.db('people').where({ primary_email: demo.admin.email }).update({ disabled: true });
    expect(await until(() => refused(), 1000)).toBeLessThan(1000);
  });

  it('goes to the database while its listener is down, and clears the cache when it reconnects', async () => {
    await resolve();
    await test.db.raw("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'tessera-access-changes' and datname = current_database()");
    await until(() => !access.cache.serving);
    expect(log.lines).toContain('access changes: listener down, every call goes to the database until it is back');
    queries.length = 0;
    await resolve();
    await resolve();
    expect(queries.filter((sql) => sql.includes('from personal_access_tokens'))).toHaveLength(2);
    await until(() => access.cache.serving);
    expect(log.lines).toContain('access changes: listener reconnected, cache cleared');
    expect(access.cache.size).toBe(0);
  });

  it('writes last-use times in one batched UPDATE, never in the request path', async () => {
    const token = (email: string) => test.db('personal_access_tokens').join('people', 'people.id', 'personal_access_tokens.person_id').where({ primary_email: email }).first('last_used_at');
    for (let i = 0; i < 5; i++) {
      await resolve(demo.admin.token);
      await resolve(demo.agent.token);
    }
    expect(queries.filter((sql) => /^update/i.test(sql))).toEqual([]);
    expect((await token(demo.admin.email)).last_used_at).toBeNull();

    queries.length = 0;
    await access.flushTokenUse();
    expect(queries.filter((sql) => /^update/i.test(sql))).toHaveLength(1);
    expect((await token(demo.admin.email)).last_used_at).toBeInstanceOf(Date);
    expect((await token(demo.agent.email)).last_used_at).toBeInstanceOf(Date);

    // Within the minute, a token already written is not written again.
    queries.length = 0;
    await resolve(demo.admin.token);
    await access.flushTokenUse();
    expect(queries.filter((sql) => /^update/i.test(sql))).toEqual([]);
  });

  it('writes the pending last-use times when it closes', async () => {
    await resolve();
    await access.close();
    const row = await test.db('personal_access_tokens').whereNotNull('last_used_at').first('id');
    expect(row).toBeDefined();
  });
});
