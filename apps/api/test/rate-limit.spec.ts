import request from 'supertest';
import { createLogger } from '@tessera/http';
import { createPostgresWindowCounter, seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from '../src/app.js';
import { loadApiConfig } from '../src/config.js';

describe('REST request-rate limits — 20 per 2 seconds, 3600 per hour, per user', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
  });
  afterAll(() => test.drop());

  // Two app instances on one database stand for two replicas behind a load balancer.
  function replica() {
    const store = openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(test.db) });
    const windows = loadApiConfig({ DATABASE_URL: test.url }).rateWindows;
    return createApiApp({ db: test.db, logger: createLogger({ name: 'api', level: 'silent' }), rateLimiter: createRequestRateLimiter(store, { name: 'rest', windows }), apiUrl: 'http://localhost:3000/v1' });
  }

  it('counts across replicas and answers the 21st call within 2 s with 429, Retry-After and the documented body', async () => {
    const replicas = [replica(), replica()];
    const call = (i: number) =>
      request(replicas[i % 2]!).get('/v1/me').set('Authorization', `Bearer ${demo.agent.token}`).set('X-Service-Account', demo.account);

    const first = await call(0).expect(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3600');
    expect(first.headers['x-ratelimit-remaining']).toBe('3599');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);

    // At once, as a busy client would: the window is 2 s from the first call, and on a loaded machine 19 calls one after
    // another can take longer than that, which would test the window's end rather than its count.
    const statuses = await Promise.all(Array.from({ length: 19 }, (_, i) => call(i + 1).then((answer) => answer.status)));
    expect(statuses.every((status) => status === 200)).toBe(true);

    const refused = await call(20).expect(429);
    expect(refused.body).toEqual({ message: 'Too Many Requests', documentation_url: expect.stringContaining('http') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(refused.headers['x-ratelimit-remaining']).toBe('3579');
  });

  it('keeps each user in their own windows', async () => {
    const res = await request(replica()).get('/v1/me').set('Authorization', `Bearer ${demo.admin.token}`).set('X-Service-Account', demo.account).expect(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('3599');
  });

  it('lets calls through again once the short window has passed', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await request(replica()).get('/v1/me').set('Authorization', `Bearer ${demo.agent.token}`).set('X-Service-Account', demo.account).expect(200);
  });
});
