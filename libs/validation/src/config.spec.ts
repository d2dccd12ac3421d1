import { baseConfig, baseConfigSchema, ConfigError, parseConfig } from './config.js';

const DATABASE_URL = 'postgres://u:p@localhost:5432/db';
const load = (env: Record<string, string>) => baseConfig(parseConfig(baseConfigSchema(3000), { DATABASE_URL, ...env }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : ['not a ConfigError'];
  }
}

describe('base config — TRUST_PROXY', () => {
  it('trusts no proxy when unset or empty', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a hop count', () => {
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes a comma list of names, addresses and CIDRs', () => {
    expect(load({ TRUST_PROXY: 'loopback, 10.0.0.0/8,192.0.2.7, fd00::/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
  });

  it.each([['true'], ['everyone'], ['10.0.0.0/33'], ['300.1.1.1'], ['loopback,,']])('refuses %j with a message naming TRUST_PROXY', (value) => {
    const problems = problemsOf({ TRUST_PROXY: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: /);
  });
});

describe('base config — METRICS_TOKEN', () => {
  it('is undefined when unset or empty', () => {
    expect(load({}).metricsToken).toBeUndefined();
    expect(load({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('keeps a token of at least 16 characters', () => {
    expect(load({ METRICS_TOKEN: 'scrape-me-0123456789' }).metricsToken).toBe('scrape-me-0123456789');
  });

  it('refuses a short token or one with spaces', () => {
    expect(problemsOf({ METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN: /);
    expect(problemsOf({ METRICS_TOKEN: 'has a space in it 0123' })[0]).toMatch(/^METRICS_TOKEN: /);
  });
});
