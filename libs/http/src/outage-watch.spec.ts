import express from 'express';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import request from 'supertest';
import { createDatabase, createPostgresWindowCounter, findFreePort, type Database } from '@tessera/persistence';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createHttpApp, finishHttpApp } from './create-http-app.js';
import { createOutageWatch, type WatchedDependency } from './outage-watch.js';
import { rateLimitByAddress, rateLimitStoreDependency, type StoreDownMode } from './rate-limit.middleware.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

function captured() {
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines, said: (msg: string) => lines.filter((line) => line.msg === msg) };
}

describe('createOutageWatch', () => {
  it('answers 503 for the outage, fails fast while it lasts, logs it once each way and shows it in the metrics', async () => {
    let up = false;
    const database: WatchedDependency = { name: 'database', isOutage: (error) => (error as { code?: string }).code === 'ECONNREFUSED', probe: async () => { if (!up) throw refused(); } };
    const { logger, said } = captured();
    const outages = createOutageWatch({ logger, dependencies: [database], probeIntervalMs: 20 });
    const app = createHttpApp({ service: 't', logger, outages });
    let reached = 0;
    app.get('/work', () => {
      reached += 1;
      throw refused();
    });
    finishHttpApp(app, logger, outages);

    for (let i = 0; i < 5; i++) {
      const res = await request(app).get('/work').expect(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ message: 'Service Unavailable', reason: 'The database is unreachable; try again later' });
    }
    // Only the first call went as far as the database: the others were turned away at once.
    expect(reached).toBe(1);
    expect(said('database unreachable: answering 503 until it is back')).toHaveLength(1);
    expect(said('unhandled error')).toHaveLength(0);
    const during = await request(app).get('/metrics').expect(200);
    expect(during.text).toMatch(/tessera_dependency_up\{dependency="database",app="t"\} 0/);
    expect(during.text).toMatch(/tessera_unavailable_responses_total\{dependency="database",app="t"\} 5/);

    up = true;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outages.isDown('database')).toBe(false);
    expect(said('database reachable again')).toEqual([expect.objectContaining({ dependency: 'database', turnedAway: 5 })]);
    await request(app).get('/work').expect(503);
    expect(reached).toBe(2);
    expect(said('database unreachable: answering 503 until it is back')).toHaveLength(2);
    outages.close();
  });

  it('logs a change of cause once (unreachable, then a refused configuration), not each failed probe', async () => {
    let failure: Error | null = refused();
    const misconfigured = (error: unknown) => (error as { code?: string }).code === '3D000';
    const database: WatchedDependency = {
      name: 'database', isOutage: (error) => (error as { code?: string }).code === 'ECONNREFUSED', isMisconfigured: misconfigured,
      probe: async () => { if (failure) throw failure; },
    };
    const { logger, lines, said } = captured();
    const outages = createOutageWatch({ logger, dependencies: [database], probeIntervalMs: 20 });

    const until = async (condition: () => boolean) => {
      for (const started = Date.now(); !condition() && Date.now() - started < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const errorLines = () => lines.filter((line) => line.level >= 50);
    expect(outages.answer(refused())?.code).toBe('UNAVAILABLE');
    await new Promise((resolve) => setTimeout(resolve, 100));
    failure = Object.assign(new Error('database "tessera" does not exist'), { code: '3D000' });
    await until(() => errorLines().length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    failure = null;
    await until(() => !outages.isDown('database'));

    expect(errorLines().map((line) => line.msg)).toEqual([
      'database unreachable: answering 503 until it is back',
      'database refuses the configured connection: answering 503 until it is fixed',
    ]);
    expect(said('database reachable again')).toHaveLength(1);
    outages.close();
  });

  it('leaves errors that are not an outage to the 500 answer', async () => {
    const { logger, said } = captured();
    const outages = createOutageWatch({ logger, dependencies: [{ name: 'database', isOutage: () => false, probe: async () => undefined }] });
    const app = createHttpApp({ service: 't', logger, outages });
    app.get('/bug', () => {
      throw new Error('a bug');
    });
    finishHttpApp(app, logger, outages);
    const res = await request(app).get('/bug').expect(500);
    expect(res.body.message).toBe('Internal Server Error');
    expect(said('unhandled error')).toHaveLength(1);
    const registry = new Registry();
    outages.register(registry);
    expect(await registry.metrics()).toMatch(/tessera_dependency_up\{dependency="database"\} 1/);
  });
});

describe('RATE_LIMIT_STORE_DOWN — a rate-limit store that cannot be reached', () => {
  let store: Database;
  beforeAll(async () => {
    store = createDatabase({ url: `postgres://postgres:postgres@127.0.0.1:${await findFreePort()}/none`, poolMax: 1 });
  });
  afterAll(() => store.destroy());

  const appWith = (mode: StoreDownMode) => {
    const limiter = createRequestRateLimiter(openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(store) }), { name: 't', windows: [{ points: 10, durationSeconds: 2 }] });
    const { logger, said } = captured();
    const outages = createOutageWatch({ logger, dependencies: [rateLimitStoreDependency(() => limiter.consume('probe'))], probeIntervalMs: 60_000 });
    const app = express();
    app.get('/public', rateLimitByAddress(limiter, logger, { mode, outages }), (_req, res) => res.json({ ok: true }));
    return { app: finishHttpApp(app, logger, outages), said, outages };
  };

  it('allow (the default): lets calls through uncounted and logs the outage once', async () => {
    const { app, said, outages } = appWith('allow');
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get('/public').expect(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect(said('rate-limit store unreachable: working without it until it is back')).toHaveLength(1);
    outages.close();
  });

  it('deny: answers 503 with Retry-After naming the store, and logs the outage once', async () => {
    const { app, said, outages } = appWith('deny');
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get('/public').expect(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ message: 'Service Unavailable', reason: 'The rate-limit store is unreachable; try again later' });
    }
    expect(said('rate-limit store unreachable: answering 503 until it is back')).toHaveLength(1);
    outages.close();
  });
});
