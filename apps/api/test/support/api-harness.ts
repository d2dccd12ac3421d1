import request from 'supertest';
import type { Express } from 'express';
import { createLogger } from '@tessera/http';
import { seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from '../../src/app.js';

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

/** A fresh database with the demo seed, and the API on it without rate limits in the way. */
export async function startApiHarness(): Promise<ApiHarness> {
  const test = await createTestDatabase();
  const demo = await seedDemoData(test.db);
  const store = openRateLimitStore({ kind: 'memory' });
  const rateLimiter = createRequestRateLimiter(store, { name: 'rest', windows: [{ points: 1_000_000, durationSeconds: 3600 }] });
  const app = createApiApp({ db: test.db, logger: createLogger({ name: 'api', level: 'silent' }), rateLimiter, apiUrl: API_URL });
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
    drop: () => test.drop(),
  };
}
