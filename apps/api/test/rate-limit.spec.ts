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
    let made = 0;
    // The 21st call is refused only when all 21 fall in one 2 s window. A burst this machine could not make within
    // 2 s (by the time its last answer came) tests the window's end, not its count: it is made again once the window
    // has passed, up to three times; a burst made within 2 s must end in a 429.
    for (let attempt = 1; ; attempt++) {
      const began = Date.now();
      const first = await call(0).expect(200);
      if (attempt === 1) {
        expect(first.headers['x-ratelimit-limit']).toBe('3600');
        expect(first.headers['x-ratelimit-remaining']).toBe('3599');
        expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      }
      // At once, as a busy client would.
      const statuses = await Promise.all(Array.from({ length: 19 }, (_, i) => call(i + 1).then((answer) => answer.status)));
      expect(statuses.every((status) => status === 200)).toBe(true);
      const last = await call(20);
      made += 21;
      if (Date.now() - began >= 2_000 && attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        continue;
      }
      expect(last.status).toBe(429);
      expect(last.body).toEqual({ message: 'Too Many Requests', documentation_url: expect.stringContaining('http') });
      expect(Number(last.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(2);
      // The hour counts every call, the refused ones too.
      expect(last.headers['x-ratelimit-remaining']).toBe(String(3600 - made));
      break;
    }
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
