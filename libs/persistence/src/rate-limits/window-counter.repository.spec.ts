import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { describeWindowCounterContract } from '@tessera/rate-limit/testing';
import { createDatabase, type Database } from '../database.js';
import { createTestDatabase, recordStatements, type TestDatabase } from '../testing/index.js';
import { createPostgresWindowCounter } from './window-counter.repository.js';
import { deleteExpiredRateLimitWindows } from './expired-windows.js';

const REST_WINDOWS = [
  { points: 3600, durationSeconds: 3600 },
  { points: 20, durationSeconds: 60 },
];

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

describeWindowCounterContract('Postgres window counter — the rules the Redis script and the memory store share', () => createPostgresWindowCounter(test.db));

describe('Postgres window counter — one round trip, exact across replicas', () => {
  it('sends one SQL statement per consume, whatever the number of windows', async () => {
    const limiter = createRequestRateLimiter(openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(test.db) }), {
      name: 'round-trips',
      windows: REST_WINDOWS,
    });
    const { statements } = await recordStatements(async () => {
      for (let i = 0; i < 5; i += 1) await limiter.consume('person:1');
    });
    expect(statements).toHaveLength(5);
  });

  it('allows exactly 20 of 30 concurrent calls spread over two replicas with their own pools', async () => {
    const pools: Database[] = [createDatabase({ url: test.url, poolMax: 8 }), createDatabase({ url: test.url, poolMax: 8 })];
    try {
      const replicas = pools.map((db) =>
        createRequestRateLimiter(openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(db) }), { name: 'replicas', windows: REST_WINDOWS }),
      );
      const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => replicas[i % 2]!.consume('person:1')));
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(20);
      // Every call counted once in the hour too: 3599 down to 3570, none lost, none twice.
      expect(decisions.map((decision) => decision.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => 3570 + i));
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });

  it('reports resetAt by the database clock as UTC epoch seconds of the long window', async () => {
    const limiter = createRequestRateLimiter(openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(test.db) }), {
      name: 'reset-at',
      windows: REST_WINDOWS,
    });
    const { rows } = await test.db.raw<{ rows: Array<{ now: number }> }>('select extract(epoch from now())::float8 as now');
    const decision = await limiter.consume('person:1');
    expect(decision.resetAt - rows[0]!.now).toBeGreaterThan(3590);
    expect(decision.resetAt - rows[0]!.now).toBeLessThanOrEqual(3602);
  });
});

describe('Postgres window counter — expired rows do not pile up', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const rowsOf = async (prefix: string) => (await test.db('rate_limit_windows').whereLike('key', `${prefix}%`).pluck('key')).sort();

  it('deletes only the windows whose time is up', async () => {
    const counter = createPostgresWindowCounter(test.db);
    await counter.hit([{ key: 'sweep:short', durationSeconds: 1 }, { key: 'sweep:long', durationSeconds: 60 }]);
    await sleep(1_100);
    expect(await deleteExpiredRateLimitWindows(test.db, 1)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf('sweep:')).toEqual(['sweep:long']);
  });

  it('sweeps by itself from time to time after a hit, without the caller waiting for it', async () => {
    const counter = createPostgresWindowCounter(test.db, { sweepEveryMs: 500 });
    await counter.hit([{ key: 'auto:gone', durationSeconds: 1 }]);
    await sleep(1_100);
    await counter.hit([{ key: 'auto:kept', durationSeconds: 60 }]);
    for (let i = 0; i < 20 && (await rowsOf('auto:')).length > 1; i += 1) await sleep(50);
    expect(await rowsOf('auto:')).toEqual(['auto:kept']);
  });
});
