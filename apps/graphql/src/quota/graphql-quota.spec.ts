import { openRateLimitStore, type WindowCounter, type WindowHit } from '@tessera/rate-limit';
import { createGraphqlQuota } from './graphql-quota.js';

const LIMITS = {
  requestWindows: [
    { points: 100, durationSeconds: 3600 },
    { points: 2, durationSeconds: 60 },
  ],
  costPoints: 10,
  costWindowSeconds: 3600,
};

/** The memory store, recording each round trip's hits. */
function recordingCounter(): { counter: WindowCounter; trips: WindowHit[][] } {
  const inner = openRateLimitStore({ kind: 'memory' }).counter;
  const trips: WindowHit[][] = [];
  return {
    trips,
    counter: {
      hit: (windows, calls) => {
        trips.push([...windows]);
        return inner.hit(windows, calls);
      },
    },
  };
}

describe('GraphQL quota — request rate and cost points in one round trip', () => {
  it('counts an allowed call in every request window and its cost in the points window, in one round trip', async () => {
    const { counter, trips } = recordingCounter();
    const outcome = await createGraphqlQuota(counter, LIMITS).charge('person:7', 4);
    expect(trips).toEqual([
      [
        { key: 'graphql:rate:0:person:7', durationSeconds: 3600, increment: 1 },
        { key: 'graphql:rate:1:person:7', durationSeconds: 60, increment: 1 },
        { key: 'graphql:cost:person:7', durationSeconds: 3600, increment: 4 },
      ],
    ]);
    expect(outcome).toMatchObject({ allowed: true, refusedBy: null, rate: { allowed: true, limit: 100, remaining: 99 }, cost: { limit: 10, cost: 4, remaining: 6 } });
  });

  it('refuses a call the points do not cover and gives its cost back', async () => {
    const { counter, trips } = recordingCounter();
    const quota = createGraphqlQuota(counter, { ...LIMITS, requestWindows: [{ points: 100, durationSeconds: 60 }] });
    await quota.charge('person:7', 7);
    const refused = await quota.charge('person:7', 7);
    expect(refused).toMatchObject({ allowed: false, refusedBy: 'cost', cost: { cost: 7, remaining: 3 } });
    expect(trips.at(-1)).toEqual([{ key: 'graphql:cost:person:7', durationSeconds: 3600, increment: -7 }]);
    expect((await quota.charge('person:8', 3)).cost.remaining).toBe(7);
    // Nothing was kept of the refused call: 3 points still fit, exactly.
    expect(await quota.charge('person:7', 3)).toMatchObject({ allowed: true, cost: { remaining: 0 } });
    expect(await quota.charge('person:7', 1)).toMatchObject({ allowed: false, refusedBy: 'cost' });
  });

  it('refuses past a request window, charging no cost, and counts a cost-0 call as a request only', async () => {
    const quota = createGraphqlQuota(recordingCounter().counter, LIMITS);
    expect((await quota.charge('app:c1:person:7', 0)).cost).toMatchObject({ cost: 0, remaining: 10 });
    expect((await quota.charge('app:c1:person:7', 2)).allowed).toBe(true);
    const refused = await quota.charge('app:c1:person:7', 2);
    expect(refused).toMatchObject({ allowed: false, refusedBy: 'rate', cost: { remaining: 8 } });
    expect(refused.rate.retryAfterSeconds).toBeGreaterThanOrEqual(59);
  });

  it('keeps a call refused when the refund fails, and reports the failure', async () => {
    const inner = openRateLimitStore({ kind: 'memory' }).counter;
    const failures: unknown[] = [];
    const counter: WindowCounter = { hit: (windows, calls) => (windows.some((w) => (w.increment ?? 0) < 0) ? Promise.reject(new Error('down')) : inner.hit(windows, calls)) };
    const quota = createGraphqlQuota(counter, LIMITS, (error) => failures.push(error));
    const refused = await quota.charge('person:9', 11);
    expect(refused).toMatchObject({ allowed: false, refusedBy: 'cost', cost: { remaining: 0 } });
    expect(failures).toHaveLength(1);
  });
});
