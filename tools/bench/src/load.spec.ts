import { failuresOf, formatResult, runLoad } from './load.js';

describe('runLoad', () => {
  it('makes exactly the planned number of calls, spread over the clients', async () => {
    const seen: number[] = [];
    const result = await runLoad({ calls: 25 }, 4, async (index) => {
      seen.push(index);
      return true;
    });
    expect(result.calls).toBe(25);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(result.failures).toBe(0);
  });

  it('counts every failed call under its reason, thrown errors by their code', async () => {
    const result = await runLoad({ calls: 6 }, 2, async (index) => {
      if (index === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      if (index % 2 === 0) return 'HTTP 500';
      return true;
    });
    expect(result.failures).toBe(4);
    expect(result.failureReasons).toEqual({ 'HTTP 500': 3, ECONNRESET: 1 });
    expect(formatResult('x', result)).toContain('FAILURES 4 (HTTP 500 ×3, ECONNRESET ×1)');
  });

  it('stops a timed run once its seconds are spent', async () => {
    const began = performance.now();
    const result = await runLoad({ seconds: 0.2 }, 2, () => new Promise((resolve) => setTimeout(() => resolve(true), 10)));
    expect(performance.now() - began).toBeLessThan(1000);
    expect(result.calls).toBeGreaterThan(4);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
  });

  it('counts warm-up failures with the measured ones', () => {
    const result = { calls: 1, failures: 1, failureReasons: { 'HTTP 429': 1 }, seconds: 1, perSecond: 1, p50Ms: 1, p99Ms: 1, clientCores: 0 };
    expect(failuresOf({ result, warmupFailures: { 'HTTP 500': 2 } })).toBe(3);
  });
});
