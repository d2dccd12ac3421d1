import { loadApiConfig } from '../src/config.js';

const DATABASE_URL = 'postgres://u:p@localhost:5432/db';

// The only place the REST limit values are defined; @tessera/rate-limit takes them as a parameter.
describe('api configuration — request-rate windows (REFERENCE.md "REST conventions")', () => {
  it('defaults to 3600 per hour, reported in the headers, and 20 per 2 seconds', () => {
    expect(loadApiConfig({ DATABASE_URL }).rateWindows).toEqual([
      { points: 3600, durationSeconds: 3600 },
      { points: 20, durationSeconds: 2 },
    ]);
  });

  it('takes other values from RATE_LIMIT_PER_HOUR and RATE_LIMIT_PER_2_SECONDS', () => {
    expect(loadApiConfig({ DATABASE_URL, RATE_LIMIT_PER_HOUR: '100', RATE_LIMIT_PER_2_SECONDS: '5' }).rateWindows).toEqual([
      { points: 100, durationSeconds: 3600 },
      { points: 5, durationSeconds: 2 },
    ]);
  });

  it('refuses a limit below 1', () => {
    expect(() => loadApiConfig({ DATABASE_URL, RATE_LIMIT_PER_2_SECONDS: '0' })).toThrow('RATE_LIMIT_PER_2_SECONDS');
  });
});

describe('api configuration — the SCSS compile pool (docs/decisions/023-scss-compile-pool.md)', () => {
  it('defaults to 2 s and 64 MB a compile, 2 processes and a queue of 4', () => {
    expect(loadApiConfig({ DATABASE_URL }).scss).toEqual({ timeLimitMs: 2000, memoryLimitMb: 64, poolSize: 2, queueMax: 4 });
  });

  it('takes SCSS_COMPILE_TIMEOUT_MS, SCSS_COMPILE_MEMORY_MB, SCSS_COMPILE_PROCESSES and SCSS_COMPILE_QUEUE', () => {
    const env = { DATABASE_URL, SCSS_COMPILE_TIMEOUT_MS: '500', SCSS_COMPILE_MEMORY_MB: '128', SCSS_COMPILE_PROCESSES: '4', SCSS_COMPILE_QUEUE: '0' };
    expect(loadApiConfig(env).scss).toEqual({ timeLimitMs: 500, memoryLimitMb: 128, poolSize: 4, queueMax: 0 });
  });

  it('refuses a heap too small for sass and a pool of no process', () => {
    expect(() => loadApiConfig({ DATABASE_URL, SCSS_COMPILE_MEMORY_MB: '16' })).toThrow('SCSS_COMPILE_MEMORY_MB');
    expect(() => loadApiConfig({ DATABASE_URL, SCSS_COMPILE_PROCESSES: '0' })).toThrow('SCSS_COMPILE_PROCESSES');
  });
});
