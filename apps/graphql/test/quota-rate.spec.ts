/**
 * Request-rate quotas (SPEC.md Limits rules 2 and 4, Errors): counted per person for a personal
 * access token and per application and person for an OAuth token, in a store every replica
 * shares; 429 with Retry-After and exactly {documentationUrl, message, retryAfter} when a window
 * is spent; both header sets on every answer. A short window of 3 calls per 2 s keeps it quick.
 */
import { createLogger, listen, type Listening } from '@tessera/http';
import { insertTestOAuthApplication, mintOAuthAccessToken } from '@tessera/persistence/testing';
import { openRateLimitStore, type StoreHandle, type WindowCounter } from '@tessera/rate-limit';
import { createGraphqlApp } from '../src/app.js';
import { loadTls } from '../src/tls.js';
import { callListener, GENEROUS_GRAPHQL_LIMITS, startGraphqlHarness, type GraphqlHarness, type Reply } from './support/graphql-harness.js';

const LIMITS = {
  ...GENEROUS_GRAPHQL_LIMITS,
  requestWindows: [
    { points: 1000, durationSeconds: 3600 },
    { points: 3, durationSeconds: 2 },
  ],
  costPoints: 5000,
  documentationUrl: 'https://docs.example/graphql-limits',
};

const ME = '{ me { name } }';
const header = (reply: Reply, name: string) => reply.headers[name.toLowerCase()] as string | undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let harness: GraphqlHarness;
beforeAll(async () => {
  harness = await startGraphqlHarness({ limits: LIMITS });
});
afterAll(() => harness.stop());

/** Waits for the short window to run out, so each test starts with a fresh one. */
beforeEach(() => sleep(2_100));

describe('GraphQL request rate — headers, 429, keys', () => {
  it('sends X-RateLimit-* and X-CostLimit-* on a normal answer, counting down the long window', async () => {
    const token = await harness.tokenWith(['me:Read']);
    const first = await harness.post(token, ME);
    const second = await harness.post(token, ME);
    expect(first.status).toBe(200);
    expect(first.json().data.me.name).toBe('Alice Admin');
    expect(header(first, 'X-RateLimit-Limit')).toBe('1000');
    expect(header(first, 'X-RateLimit-Remaining')).toBe('999');
    expect(header(second, 'X-RateLimit-Remaining')).toBe('998');
    const reset = Number(header(first, 'X-RateLimit-Reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3600);
    expect(header(first, 'X-CostLimit-Limit')).toBe('5000');
    expect(header(first, 'X-CostLimit-Cost')).toBe('1');
    expect(header(first, 'X-CostLimit-Remaining')).toBe('4999');
    expect(header(second, 'X-CostLimit-Remaining')).toBe('4998');
    expect(Number(header(first, 'X-CostLimit-Reset'))).toBeGreaterThan(Date.now() / 1000 + 3500);
  });

  it('answers the call past the short window with 429, Retry-After and exactly {documentationUrl, message, retryAfter}, charging no cost', async () => {
    const token = await harness.tokenWith(['me:Read']);
    const allowed = [await harness.post(token, ME), await harness.post(token, ME), await harness.post(token, ME)];
    expect(allowed.map((reply) => reply.status)).toEqual([200, 200, 200]);
    const refused = await harness.post(token, ME);
    expect(refused.status).toBe(429);
    const retryAfter = Number(header(refused, 'Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(refused.json()).toEqual({ documentationUrl: 'https://docs.example/graphql-limits', message: expect.stringContaining('rate limit') as unknown, retryAfter });
    expect(Object.keys(refused.json()).sort()).toEqual(['documentationUrl', 'message', 'retryAfter']);
    expect(header(refused, 'X-RateLimit-Limit')).toBe('1000');
    expect(header(refused, 'X-RateLimit-Remaining')).toBeDefined();
    // Refused: the cost stays unspent.
    expect(header(refused, 'X-CostLimit-Cost')).toBe('1');
    expect(header(refused, 'X-CostLimit-Remaining')).toBe(header(allowed[2]!, 'X-CostLimit-Remaining'));
    await sleep(retryAfter * 1000 + 100);
    expect((await harness.post(token, ME)).status).toBe(200);
  });

  it('refuses a bad query past the window too, and counts refused calls', async () => {
    const token = await harness.tokenWith(['me:Read']);
    const invalid = await harness.post(token, '{ me { noSuchField } }');
    expect(invalid.status).toBe(400);
    expect(header(invalid, 'X-CostLimit-Cost')).toBe('0');
    expect(header(invalid, 'X-RateLimit-Limit')).toBe('1000');
    await harness.post(token, ME);
    await harness.post(token, ME);
    const refused = await harness.post(token, '{ me { noSuchField } }');
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.json()).sort()).toEqual(['documentationUrl', 'message', 'retryAfter']);
  });

  it('keys a personal access token by person (every token of theirs shares it) and an OAuth token by application and person', async () => {
    const person = await harness.test.db('people').where({ primary_email: harness.demo.admin.email }).first('id');
    const one = await harness.tokenWith(['me:Read']);
    const another = await harness.tokenWith(['me:Read']);
    const application = await insertTestOAuthApplication(harness.test.db, { scopes: [{ actions: ['me:Read'] }] });
    const { token: oauth } = await mintOAuthAccessToken(harness.test.db, { personId: person.id, clientId: application.clientId });
    for (let i = 0; i < 3; i += 1) expect((await harness.post(one, ME)).status).toBe(200);
    expect((await harness.post(another, ME)).status).toBe(429);
    const viaApplication = await harness.post(oauth, ME);
    expect(viaApplication.status).toBe(200);
    expect(header(viaApplication, 'X-RateLimit-Remaining')).toBe('999');
  });

  it('counts introspection by GET as a request of cost 1', async () => {
    const token = await harness.tokenWith(['me:Read']);
    const introspection = await harness.call(`/?query=${encodeURIComponent('{ __schema { queryType { name } } }')}`, { headers: { authorization: `Bearer ${token}` } });
    expect(introspection.status).toBe(200);
    expect(header(introspection, 'X-CostLimit-Cost')).toBe('1');
    const after = await harness.post(token, ME);
    expect(Number(header(after, 'X-RateLimit-Remaining'))).toBe(Number(header(introspection, 'X-RateLimit-Remaining')) - 1);
  });

  it('counts the calls of two app instances on one store together', async () => {
    await expectSharedCounting(harness, LIMITS);
  });
});

const REDIS_URL = process.env['REDIS_URL'];

(REDIS_URL ? describe : describe.skip)(`GraphQL request rate on Redis (REDIS_URL${REDIS_URL ? '' : ' unset: skipped'})`, () => {
  let redisHarness: GraphqlHarness;
  const stores: StoreHandle[] = [];
  const redisCounter = () => {
    const store = openRateLimitStore({ kind: 'redis', url: REDIS_URL! });
    stores.push(store);
    return store.counter;
  };
  // A Redis outlives test runs: long windows no number of runs within the hour can spend.
  const redisLimits = { ...LIMITS, requestWindows: [{ points: 1_000_000, durationSeconds: 3600 }, LIMITS.requestWindows[1]!], costPoints: 100_000_000 };
  beforeAll(async () => {
    redisHarness = await startGraphqlHarness({ limits: redisLimits, app: { quotaCounter: redisCounter() } });
  });
  afterAll(async () => {
    await redisHarness.stop();
    await Promise.all(stores.map((store) => store.close()));
  });

  it('counts the calls of two app instances, each with its own Redis client, together', async () => {
    await sleep(2_100);
    await expectSharedCounting(redisHarness, redisLimits, redisCounter());
  });
});

/** A second instance of the app beside the harness's, on the same store (the harness's database unless a counter is given). */
async function expectSharedCounting(harness: GraphqlHarness, limits: typeof LIMITS, quotaCounter?: WindowCounter): Promise<void> {
  const nodeEnv = process.env['NODE_ENV'];
  delete process.env['NODE_ENV'];
  const other = await createGraphqlApp({ db: harness.test.db, logger: createLogger({ name: 'graphql', level: 'silent' }), limits, ...(quotaCounter ? { quotaCounter } : {}) }).finally(() => {
    process.env['NODE_ENV'] = nodeEnv;
  });
  const server: Listening = await listen(other.app, { port: 0, host: '127.0.0.1', tls: await loadTls(null) });
  try {
    const callOther = callListener(server.port, true);
    const token = await harness.tokenWith(['me:Read']);
    const postOther = () =>
      callOther('/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': harness.demo.account },
        body: JSON.stringify({ query: ME }),
      });
    const replies = [await harness.post(token, ME), await postOther(), await harness.post(token, ME), await postOther()];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
    expect(replies.slice(0, 3).map((reply) => header(reply, 'X-CostLimit-Remaining'))).toEqual(replies.slice(0, 3).map((_, i) => String(Number(header(replies[0]!, 'X-CostLimit-Remaining')) - i)));
  } finally {
    await server.close();
    await other.stop();
  }
}
