import { Redis } from 'ioredis';
import { createRedisWindowCounter } from './redis-window-counter.js';
import { describeWindowCounterContract } from './testing/index.js';
import { createRequestRateLimiter } from './request-rate-limiter.js';

const redisUrl = process.env['REDIS_URL'];

// Only a missing REDIS_URL skips these; a set but unreachable one fails them.
const describeWithRedis = redisUrl ? describe : describe.skip;

describeWithRedis(`Redis window counter on REDIS_URL${redisUrl ? '' : ' (skipped: REDIS_URL is not set)'}`, () => {
  let client: Redis;

  beforeAll(() => {
    client = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => client.quit());

  describeWindowCounterContract('one script for every window', () => createRedisWindowCounter(client));

  it('loads the script itself when the server does not know it (first call, restart, SCRIPT FLUSH)', async () => {
    await client.script('FLUSH');
    const [answer] = await createRedisWindowCounter(client).hit([{ key: `test:flush:${Date.now()}`, durationSeconds: 60 }]);
    expect(answer!.count).toBe(1);
  });

  it('makes one round trip per call once the script is loaded', async () => {
    const counter = createRedisWindowCounter(client);
    await counter.hit([{ key: `test:warm:${Date.now()}`, durationSeconds: 60 }]);
    const monitor = await client.monitor();
    const commands: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => commands.push(String(args[0]).toLowerCase()));
    const limiter = createRequestRateLimiter({ counter, close: async () => undefined }, {
      name: `test-${Date.now()}`,
      windows: [{ points: 3600, durationSeconds: 3600 }, { points: 20, durationSeconds: 2 }],
    });
    await limiter.consume('person:1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    monitor.disconnect();
    // MONITOR also lists the commands the script runs inside; the client sent one EVALSHA.
    expect(commands.filter((command) => command === 'evalsha' || command === 'eval')).toEqual(['evalsha']);
  });

  it('is exact across replicas: two clients, 30 concurrent calls, a window of 20, exactly 20 allowed', async () => {
    const second = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    try {
      const options = { name: `replicas-${Date.now()}`, windows: [{ points: 3600, durationSeconds: 3600 }, { points: 20, durationSeconds: 60 }] };
      const replicas = [client, second].map((each) => createRequestRateLimiter({ counter: createRedisWindowCounter(each), close: async () => undefined }, options));
      const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => replicas[i % 2]!.consume('person:1')));
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(20);
      expect(decisions.map((decision) => decision.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => 3570 + i));
    } finally {
      await second.quit();
    }
  });

  it('gives a counter left without expiry one, so it cannot count forever', async () => {
    const key = `test:no-ttl:${Date.now()}`;
    await client.set(key, '5');
    const [answer] = await createRedisWindowCounter(client).hit([{ key, durationSeconds: 2 }]);
    expect(answer).toEqual({ count: 6, msBeforeReset: 2_000 });
    expect(await client.pttl(key)).toBeGreaterThan(0);
  });
});
