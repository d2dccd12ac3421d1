import { openRateLimitStore, type StoreHandle } from './rate-limit-store.js';
import { createRequestRateLimiter, type RateWindow } from './request-rate-limiter.js';

const windows: RateWindow[] = [
  { points: 5, durationSeconds: 60 },
  { points: 2, durationSeconds: 1 },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nowSeconds = () => Date.now() / 1000;

describe('createRequestRateLimiter with the memory store', () => {
  let store: StoreHandle;
  let name = 0;

  beforeEach(() => {
    store = openRateLimitStore({ kind: 'memory' });
    name += 1;
  });

  afterEach(() => store.close());

  const limiter = () => createRequestRateLimiter(store, { name: `test-${name}`, windows });

  it('allows two calls and refuses the 3rd call in the same second with retryAfterSeconds >= 1', async () => {
    const rate = limiter();
    const first = await rate.consume('user-1');
    const second = await rate.consume('user-1');
    const third = await rate.consume('user-1');

    expect(first).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
    expect(second).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // The short window is 1 second long, so the wait it names is never longer.
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(1);
  });

  it('reports the long window: limit 5, remaining counting down 4, 3', async () => {
    const rate = limiter();
    const first = await rate.consume('user-1');
    const second = await rate.consume('user-1');
    expect(first.limit).toBe(5);
    expect(first.remaining).toBe(4);
    expect(second.limit).toBe(5);
    expect(second.remaining).toBe(3);
  });

  it('reports resetAt as an integer of UTC epoch seconds within the long window', async () => {
    const before = nowSeconds();
    const decision = await limiter().consume('user-1');
    expect(Number.isInteger(decision.resetAt)).toBe(true);
    expect(decision.resetAt).toBeGreaterThan(before);
    expect(decision.resetAt).toBeLessThanOrEqual(Math.ceil(before + 60) + 1);
    // Epoch seconds, not milliseconds.
    expect(decision.resetAt).toBeLessThan(1e11);
  });

  it('keeps the same resetAt for later calls in the same long window', async () => {
    const rate = limiter();
    const first = await rate.consume('user-1');
    const second = await rate.consume('user-1');
    expect(Math.abs(second.resetAt - first.resetAt)).toBeLessThanOrEqual(1);
  });

  it('counts different keys independently', async () => {
    const rate = limiter();
    await rate.consume('user-1');
    await rate.consume('user-1');
    expect((await rate.consume('user-1')).allowed).toBe(false);

    const other = await rate.consume('user-2');
    expect(other).toMatchObject({ allowed: true, remaining: 4, retryAfterSeconds: 0 });
    expect((await rate.consume('user-2')).allowed).toBe(true);
  });

  it('counts limiters with different names independently on the same store', async () => {
    const api = createRequestRateLimiter(store, { name: `api-${name}`, windows });
    const graphql = createRequestRateLimiter(store, { name: `graphql-${name}`, windows });
    await api.consume('user-1');
    await api.consume('user-1');
    expect((await api.consume('user-1')).allowed).toBe(false);
    expect(await graphql.consume('user-1')).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('allows calls again after the short window passes, until the long window is spent', async () => {
    const rate = limiter();
    expect((await rate.consume('user-1')).allowed).toBe(true);
    expect((await rate.consume('user-1')).allowed).toBe(true);
    const refusedByShort = await rate.consume('user-1');
    expect(refusedByShort.allowed).toBe(false);
    // Every call counts in every window, the refused one too: 3 of 5 are used.
    expect(refusedByShort.remaining).toBe(2);

    await sleep(1100);
    const fourth = await rate.consume('user-1');
    const fifth = await rate.consume('user-1');
    expect(fourth).toMatchObject({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(fifth).toMatchObject({ allowed: true, remaining: 0, retryAfterSeconds: 0 });

    // Refused by both windows at once: Retry-After names the longer wait, the long window's.
    const refusedByBoth = await rate.consume('user-1');
    expect(refusedByBoth.allowed).toBe(false);
    expect(refusedByBoth.retryAfterSeconds).toBeGreaterThan(50);

    await sleep(1100);
    // The short window is fresh again, but the long one is spent: the wait is the long window's.
    const refusedByLong = await rate.consume('user-1');
    expect(refusedByLong.allowed).toBe(false);
    expect(refusedByLong.remaining).toBe(0);
    expect(refusedByLong.retryAfterSeconds).toBeGreaterThan(50);
    expect(refusedByLong.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('refuses to start without any window', () => {
    expect(() => createRequestRateLimiter(store, { name: 'none', windows: [] })).toThrow('at least one rate window is required');
  });

  // The values are the api's configuration defaults (asserted in apps/api/test/config.spec.ts).
  it('with 3600 per hour and 20 per 2 seconds, reports the hour in the headers and refuses the 21st call', async () => {
    const rate = createRequestRateLimiter(store, {
      name: `default-${name}`,
      windows: [
        { points: 3600, durationSeconds: 3600 },
        { points: 20, durationSeconds: 2 },
      ],
    });
    const decisions = [];
    for (let i = 0; i < 21; i += 1) decisions.push(await rate.consume('user-1'));
    expect(decisions[0]).toMatchObject({ allowed: true, limit: 3600, remaining: 3599 });
    expect(decisions[19]).toMatchObject({ allowed: true, remaining: 3580 });
    expect(decisions[20]!.allowed).toBe(false);
    expect(decisions[20]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(decisions[20]!.retryAfterSeconds).toBeLessThanOrEqual(2);
  });
});

describe('createRequestRateLimiter — concurrent calls of one caller', () => {
  /** The memory store, slowed to a 20 ms round trip, counting its round trips. */
  function slowStore() {
    const inner = openRateLimitStore({ kind: 'memory' });
    const trips: number[] = [];
    const store: StoreHandle = {
      counter: {
        hit: async (hits, calls = 1) => {
          trips.push(calls);
          await sleep(20);
          return inner.counter.hit(hits, calls);
        },
      },
      close: () => inner.close(),
    };
    return { store, trips };
  }

  it('shares round trips among calls that arrive while one is out, and gives each call its own exact count', async () => {
    const { store, trips } = slowStore();
    const rate = createRequestRateLimiter(store, { name: 'batch', windows: [{ points: 100, durationSeconds: 60 }, { points: 7, durationSeconds: 60 }] });

    const decisions = await Promise.all(Array.from({ length: 10 }, () => rate.consume('user-1')));

    expect(trips.length).toBeLessThan(10);
    expect(trips.reduce((sum, calls) => sum + calls, 0)).toBe(10);
    expect(decisions.map((d) => d.remaining).sort((a, b) => b - a)).toEqual([99, 98, 97, 96, 95, 94, 93, 92, 91, 90]);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(7);
    expect((await rate.consume('user-1')).remaining).toBe(89);
  });

  it('never batches calls of different callers together', async () => {
    const { store, trips } = slowStore();
    const rate = createRequestRateLimiter(store, { name: 'batch', windows: [{ points: 100, durationSeconds: 60 }] });

    const [a, b] = await Promise.all([rate.consume('user-1'), rate.consume('user-2')]);

    expect(trips).toEqual([1, 1]);
    expect([a.remaining, b.remaining]).toEqual([99, 99]);
  });

  it('fails every call of a batch whose round trip fails, and recovers for the next calls', async () => {
    const inner = openRateLimitStore({ kind: 'memory' });
    let failing = true;
    const store: StoreHandle = {
      counter: { hit: async (hits, calls) => (failing ? Promise.reject(new Error('store down')) : inner.counter.hit(hits, calls)) },
      close: () => inner.close(),
    };
    const rate = createRequestRateLimiter(store, { name: 'batch', windows: [{ points: 100, durationSeconds: 60 }] });

    const results = await Promise.allSettled([rate.consume('user-1'), rate.consume('user-1')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    failing = false;
    expect((await rate.consume('user-1')).remaining).toBe(99);
  });
});
