import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { authenticateCall } from '@tessera/domain';
import { findFreePort } from '../embedded-postgres.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { seedDemoData, type DemoSeedResult } from '../seed/demo-seed.js';
import { createCachedAccess, type CachedAccess } from './cached-access.js';

// A real Redis server when this machine has one (CI images may not: the relay is then untested here).
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const describeWithRedis = hasRedis ? describe : describe.skip;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 8000): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

const quiet = { info: () => undefined, warn: () => undefined };

describeWithRedis('cached access with REDIS_URL — changes relayed from PostgreSQL over Redis pub/sub', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let redis: ChildProcess;
  let redisUrl: string;
  let replicas: CachedAccess[];
  const refusedBy = (replica: CachedAccess) =>
    authenticateCall({ authorization: `Bearer ${demo.agent.token}`, account: demo.account }, replica.port).then(() => false, () => true);

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    const port = await findFreePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redisUrl = `redis://127.0.0.1:${port}`;
    // The first replica is up alone, so its relay holds the lock; the second stands by.
    replicas = [createCachedAccess(test.db, { log: quiet, redisUrl })];
    await until(() => replicas[0]!.cache.serving);
    replicas.push(createCachedAccess(test.db, { log: quiet, redisUrl }));
    await until(() => replicas[1]!.cache.serving);
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    redis.kill();
    await once(redis, 'exit');
    await test.drop();
  });

  it('serves both replicas from memory and refuses a revoked token on both within one second', async () => {
    for (const replica of replicas) expect(await refusedBy(replica)).toBe(false);
    expect(replicas.map((replica) => replica.cache.size)).toEqual([1, 1]);
    const agent = test.db('people').where({ primary_email: demo.agent.email }).select('id');
    await test.db('personal_access_tokens').whereIn('person_id', agent).update({ revoked_at: test.db.fn.now() });
    for (const replica of replicas) expect(await until(() => refusedBy(replica), 1000)).toBeLessThan(1000);
    await test.db('personal_access_tokens').whereIn('person_id', agent).update({ revoked_at: null });
  });

  it('hands the relay to the other replica when the one holding it stops, starting from an empty cache', async () => {
    const [first, second] = replicas as [CachedAccess, CachedAccess];
    await until(async () => !(await refusedBy(second)), 1000);
    await first.close();
    expect(second.cache.size).toBe(1);
    // Its relay takes the lock (standby poll) and starts a new epoch, or its feed first goes stale.
    await until(() => second.cache.serving && second.cache.size === 0, 6000);
    expect(await refusedBy(second)).toBe(false);
    await test.db('people').where({ primary_email: demo.agent.email }).update({ disabled: true });
    expect(await until(() => refusedBy(second), 1000)).toBeLessThan(1000);
  });
});
