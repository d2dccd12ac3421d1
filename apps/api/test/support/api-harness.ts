import request from 'supertest';
import type { Express } from 'express';
import { createLogger } from '@tessera/http';
import { listQueuedJobs, seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import type { CachedAccess } from '@tessera/persistence';
import { createTestDatabase, personalAccessTokenWith, startListeningAccess, type TestDatabase } from '@tessera/persistence/testing';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from '../../src/app.js';
import { DEFAULT_SCSS_LIMITS } from '../../src/config.js';
import { createScssPool, type ScssLimits } from '../../src/scss/scss-pool.js';

export const API_URL = 'http://localhost:3000/v1';

export interface ApiHarness {
  test: TestDatabase;
  app: Express;
  demo: DemoSeedResult;
  /** An authenticated call as the demo admin (or `as`) in the demo account. */
  post(path: string, as?: string): request.Test;
  get(path: string, as?: string): request.Test;
  /** Id of a seeded record by a natural key. */
  id(table: string, where: Record<string, unknown>): Promise<number>;
  drop(): Promise<void>;
}

/** A fresh database with the demo seed, and the API on it without rate limits in the way; `scss`: limits of its SCSS compile pool. */
export async function startApiHarness({ scss: scssLimits }: { scss?: Partial<ScssLimits> } = {}): Promise<ApiHarness> {
  const test = await createTestDatabase();
  const demo = await seedDemoData(test.db);
  const scss = createScssPool({ ...DEFAULT_SCSS_LIMITS, ...scssLimits });
  const store = openRateLimitStore({ kind: 'memory' });
  const rateLimiter = createRequestRateLimiter(store, { name: 'rest', windows: [{ points: 1_000_000, durationSeconds: 3600 }] });
  const app = createApiApp({ db: test.db, logger: createLogger({ name: 'api', level: process.env['TEST_LOG_LEVEL'] ?? 'silent' }), rateLimiter, apiUrl: API_URL, scss });
  const auth = (call: request.Test, as?: string) =>
    call.set('Authorization', `Bearer ${as ?? demo.admin.token}`).set('X-Service-Account', demo.account);
  return {
    test,
    app,
    demo,
    post: (path, as) => auth(request(app).post(path), as),
    get: (path, as) => auth(request(app).get(path), as),
    id: async (table, where) => {
      const row = await test.db(table).where(where).first('id');
      if (!row) throw new Error(`no ${table} row for ${JSON.stringify(where)}`);
      return row.id;
    },
    drop: async () => {
      await scss.close();
      await test.drop();
    },
  };
}

/** A personal access token for a seeded person, with the given scopes. */
export function tokenFor(h: ApiHarness, email: string, scopes: string[] = ['*:*']): Promise<string> {
  return personalAccessTokenWith(h.test.db, email, scopes);
}

/** Webhook events queued so far, as `[event, object_id]` pairs, optionally only for one request. */
export async function queuedEvents(h: ApiHarness, requestId?: number): Promise<Array<{ event: string; object_id: number; payload: Record<string, unknown> }>> {
  const jobs = await listQueuedJobs(h.test.db, 'webhook-event');
  return jobs
    .map((job) => job.payload as { event: string; object_id: number; payload: Record<string, unknown> })
    .filter((job) => requestId === undefined || job.object_id === requestId);
}

/**
 * Calls as the demo's administrator, and what a lifecycle spec reads back: a record's status, the
 * events queued for it. `harness` gives the harness a spec's beforeAll starts.
 */
export function adminCalls(harness: () => ApiHarness) {
  const as = <T extends request.Test>(call: T) => call.set('Authorization', `Bearer ${harness().demo.admin.token}`).set('X-Service-Account', harness().demo.account);
  const get = (path: string) => as(request(harness().app).get(path));
  return {
    send: (method: 'patch' | 'post', path: string, body: object) => as(request(harness().app)[method](path)).send(body),
    get,
    statusOf: async (path: string) => (await get(path).expect(200)).body.status as string,
    events: async (noun: string, id: number) =>
      (await queuedEvents(harness())).filter((job) => job.object_id === id && job.event.startsWith(`${noun}.`)).map((job) => [job.event, job.payload] as [string, Record<string, unknown>]),
  };
}

/** Empties the tables an events test writes, so each test starts from the seed alone. */
export async function clearRequests(h: ApiHarness): Promise<void> {
  await h.test.db.raw('truncate requests, notes, audit_lines restart identity cascade');
  await h.test.db.raw('delete from graphile_worker._private_jobs');
}

/**
 * The API on the cached access of production (main.ts), listening for access changes, without rate
 * limits in the way: for tests of what a revocation or a scope change does to the next call.
 */
export async function startListeningApiApp(test: TestDatabase): Promise<{ app: Express; access: CachedAccess }> {
  const logger = createLogger({ name: 'api', level: 'silent' });
  const access = await startListeningAccess(test.db, logger);
  const rateLimiter = createRequestRateLimiter(openRateLimitStore({ kind: 'memory' }), { name: 'rest', windows: [{ points: 1_000_000, durationSeconds: 3600 }] });
  return { app: createApiApp({ db: test.db, logger, rateLimiter, apiUrl: API_URL, access: access.port }), access };
}
