import { readBenchOptions } from './bench-options.js';

describe('readBenchOptions', () => {
  it('runs both benchmarks for 10 s each from the bundle by default, /v1/me at 20 clients and events at 50', () => {
    const options = readBenchOptions({});
    expect(options.only).toBeNull();
    expect(options.runtime).toBe('bundle');
    expect(options.me).toEqual({ plan: { seconds: 10 }, warmup: { seconds: 3 }, clients: 20 });
    expect(options.events).toMatchObject({ plan: { seconds: 10 }, clients: 50, mix: 'half' });
    expect(options.cpuProfileDir).toBeNull();
  });

  it('takes a duration, totals, a client count and a profile folder from the environment', () => {
    const options = readBenchOptions({ BENCH_ONLY: 'me', BENCH_DURATION: '4', BENCH_EVENTS: '500', BENCH_CLIENTS: '8', BENCH_CPU_PROFILE: 'prof' });
    expect(options.only).toBe('me');
    expect(options.me).toMatchObject({ plan: { seconds: 4 }, clients: 8 });
    expect(options.events).toMatchObject({ plan: { calls: 500 }, clients: 8 });
    expect(options.cpuProfileDir).toMatch(/\/prof$/);
  });

  it('refuses a value it does not know instead of measuring something else', () => {
    expect(() => readBenchOptions({ BENCH_ONLY: 'graphql' })).toThrow('BENCH_ONLY must be one of me, events, got "graphql"');
    expect(() => readBenchOptions({ BENCH_DURATION: '-1' })).toThrow('BENCH_DURATION must be a positive number');
  });
});
