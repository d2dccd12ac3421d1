/**
 * Request-rate limiter cost per call, run by hand (wired into nothing else):
 *   node --import tsx tools/bench/src/rate-limit.bench.ts
 * consume() calls on PostgreSQL (embedded, or fresh databases on DATABASE_URL's
 * server), in interleaved rounds so that drift hits every variant alike:
 * - baseline: `select 1`, one bare round trip;
 * - before: the former path, one rate-limiter-flexible limiter per window
 *   (two upserts on `rate_limits`, sent together on two connections);
 * - after: @tessera/rate-limit on the one-statement Postgres counter;
 * - after, logged table: the same in a second database whose table is set
 *   logged, to tell the round trip saved from the WAL writes the unlogged table saves.
 * With REDIS_URL set, also the former RateLimiterRedis pair against the script.
 * Two phases: sequential calls (latency), then concurrent clients (throughput).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  createDatabase, createPostgresWindowCounter, migrateLatest, startEmbeddedPostgres, withDatabaseName, type Database,
} from '@tessera/persistence';
import { createRequestRateLimiter, openRateLimitStore, type RateWindow } from '@tessera/rate-limit';

const CALLS = Number(process.env['BENCH_RATE_LIMIT_CALLS'] ?? 2000);
const CLIENTS = Number(process.env['BENCH_RATE_LIMIT_CLIENTS'] ?? 20);
const ROUNDS = 4;
// The api's windows, with limits high enough that every call is allowed, as in the events bench.
const WINDOWS: RateWindow[] = [
  { points: 100_000_000, durationSeconds: 3600 },
  { points: 100_000_000, durationSeconds: 2 },
];

type Consume = (key: string) => Promise<unknown>;

interface Variant {
  name: string;
  consume: Consume;
  /** The database the variant's statements go to; none for Redis. */
  database: string | null;
}

interface Measure {
  statements: number;
  latencies: number[];
  seconds: number;
}

async function main(): Promise<void> {
  const external = process.env['DATABASE_URL'];
  const server = external ? null : await startEmbeddedPostgres({ dataDir: await mkdtemp(path.join(tmpdir(), 'tessera-rl-bench-')), port: 0, persistent: false });
  const adminUrl = external ?? server!.adminUrl;
  const name = `tessera_rl_bench_${Date.now()}`;
  const admin = createDatabase({ url: adminUrl, poolMax: 1 });
  const pools: Database[] = [];
  const closers: Array<() => Promise<void>> = [];
  try {
    for (const database of [name, `${name}_logged`]) {
      await admin.raw(`create database ${database}`);
      const db = createDatabase({ url: withDatabaseName(adminUrl, database), poolMax: CLIENTS });
      pools.push(db);
      await migrateLatest(db);
    }
    await pools[1]!.raw('alter table rate_limit_windows set logged');
    const variants = [...postgresVariants(pools[0]!, pools[1]!, name), ...redisVariants(closers)];
    const sent = countStatementsByDatabase();

    for (const each of variants) for (let i = 0; i < 50; i++) await each.consume('warm-up');
    const sequential = await measure(variants, sent, (each) => sequentialCalls(each.consume, CALLS / ROUNDS));
    const concurrent = await measure(variants, sent, (each) => concurrentCalls(each.consume, CALLS / ROUNDS, CLIENTS));
    process.stdout.write(report(`${CALLS} sequential consume() calls per variant`, variants, sequential));
    process.stdout.write(report(`${CALLS} consume() calls per variant from ${CLIENTS} concurrent clients, pool of ${CLIENTS}`, variants, concurrent));
  } finally {
    for (const close of closers) await close();
    for (const db of pools) await db.destroy();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.raw(`drop database if exists ${name}_logged with (force)`);
    await admin.destroy();
    await server?.stop();
  }
}

function postgresVariants(db: Database, logged: Database, name: string): Variant[] {
  const limiterOn = (pool: Database, limiter: string) =>
    createRequestRateLimiter(openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(pool) }), { name: limiter, windows: WINDOWS }).consume;
  return [
    { name: 'select 1 (one bare round trip)', database: name, consume: () => db.raw('select 1') },
    {
      name: 'before: 2 x rate-limiter-flexible',
      database: name,
      consume: flexiblePair((prefix, window) => new RateLimiterPostgres({
        storeClient: db, storeType: 'knex', tableName: 'rate_limits', tableCreated: true, clearExpiredByTimeout: false,
        keyPrefix: prefix, points: window.points, duration: window.durationSeconds,
      })),
    },
    { name: 'after: one statement (unlogged)', database: name, consume: limiterOn(db, 'after') },
    { name: 'after: one statement (logged table)', database: `${name}_logged`, consume: limiterOn(logged, 'after-logged') },
  ];
}

function redisVariants(closers: Array<() => Promise<void>>): Variant[] {
  const url = process.env['REDIS_URL'];
  if (!url) return [];
  const client = new Redis(url);
  const store = openRateLimitStore({ kind: 'redis', url });
  closers.push(async () => client.disconnect(), () => store.close());
  return [
    {
      name: 'redis before: 2 x RateLimiterRedis',
      database: null,
      consume: flexiblePair((prefix, window) => new RateLimiterRedis({ storeClient: client, keyPrefix: prefix, points: window.points, duration: window.durationSeconds })),
    },
    { name: 'redis after: one script', database: null, consume: createRequestRateLimiter(store, { name: 'bench-redis', windows: WINDOWS }).consume },
  ];
}

/** The former limiter: one rate-limiter-flexible limiter per window, consumed together. */
function flexiblePair(create: (prefix: string, window: RateWindow) => RateLimiterAbstract): Consume {
  const limiters = WINDOWS.map((window, index) => create(`before:${index}`, window));
  return (key) => Promise.all(limiters.map((limiter) => limiter.consume(key).catch((reason: unknown) => {
    if (reason instanceof RateLimiterRes) return reason;
    throw reason;
  })));
}

async function measure(variants: Variant[], sent: (database: string) => number, run: (each: Variant) => Promise<number[]>): Promise<Measure[]> {
  const results = variants.map(() => ({ statements: 0, latencies: [] as number[], seconds: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, each] of variants.entries()) {
      const result = results[index]!;
      const before = each.database ? sent(each.database) : 0;
      const began = performance.now();
      result.latencies.push(...(await run(each)));
      result.seconds += (performance.now() - began) / 1000;
      result.statements += each.database ? sent(each.database) - before : 0;
    }
  }
  return results;
}

async function sequentialCalls(consume: Consume, calls: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await consume(`person:${i % 50}`);
    latencies.push(performance.now() - start);
  }
  return latencies;
}

async function concurrentCalls(consume: Consume, calls: number, clients: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let i = next++; i < calls; i = next++) {
      const start = performance.now();
      await consume(`person:${i % 50}`);
      latencies.push(performance.now() - start);
    }
  }));
  return latencies;
}

function report(title: string, variants: Variant[], results: Measure[]): string {
  const perSecond = (result: Measure) => result.latencies.length / result.seconds;
  const baseline = perSecond(results[0]!);
  const lines = variants.map((each, index) => {
    const result = results[index]!;
    const sorted = [...result.latencies].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
    const statements = each.database ? (result.statements / sorted.length).toFixed(2) : 'n/a';
    return `${each.name.padEnd(38)} ${mean.toFixed(3).padStart(7)} ms/call   p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(2).padStart(6)} ms   ` +
      `${perSecond(result).toFixed(0).padStart(6)} calls/s (x ${(perSecond(result) / baseline).toFixed(2)} of select 1)   statements/call ${statements}`;
  });
  return `${title}, ${ROUNDS} interleaved rounds\n${lines.join('\n')}\n`;
}

/**
 * Statements sent so far to each database, counted in pg's Client.query: Knex's
 * query events miss rate-limiter-flexible, which sends on a connection it takes
 * from the pool itself. A variant's share is the difference across its own calls.
 */
function countStatementsByDatabase(): (database: string) => number {
  const sent = new Map<string, number>();
  const original = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    const database = this.database ?? '';
    sent.set(database, (sent.get(database) ?? 0) + 1);
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return (database) => sent.get(database) ?? 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`rate-limit bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
