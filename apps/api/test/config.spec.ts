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
