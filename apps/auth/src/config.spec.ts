import { ConfigError } from '@tessera/validation';
import { DEV_COOKIE_KEYS, loadAuthConfig } from './config.js';

const DATABASE_URL = 'postgres://u:p@localhost:5432/db';
const KEY = 'k'.repeat(32);

describe('auth config', () => {
  it('defaults the issuer to http://localhost:3001 and uses the development cookie key, with a notice, outside production', () => {
    const config = loadAuthConfig({ DATABASE_URL });
    expect(config.issuer).toBe('http://localhost:3001');
    expect(config.cookieKeys).toEqual(DEV_COOKIE_KEYS);
    expect(config.cookieKeysNotice).toMatch(/COOKIE_KEYS is not set/);
    expect(config.loginRateLimits).toEqual({ perIp: 30, perEmail: 10, windowSeconds: 900 });
  });

  it('takes AUTH_PUBLIC_URL without its trailing slash and COOKIE_KEYS as a comma list, newest first', () => {
    const config = loadAuthConfig({ DATABASE_URL, AUTH_PUBLIC_URL: 'https://auth.example.com/', COOKIE_KEYS: `${KEY}a, ${KEY}b` });
    expect(config.issuer).toBe('https://auth.example.com');
    expect(config.cookieKeys).toEqual([`${KEY}a`, `${KEY}b`]);
    expect(config.cookieKeysNotice).toBeUndefined();
  });

  it('requires COOKIE_KEYS in production and refuses keys shorter than 32 characters', () => {
    expect(() => loadAuthConfig({ DATABASE_URL, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadAuthConfig({ DATABASE_URL, COOKIE_KEYS: 'short' })).toThrow(/COOKIE_KEYS: every key must be at least 32 characters/);
    expect(loadAuthConfig({ DATABASE_URL, NODE_ENV: 'production', COOKIE_KEYS: KEY }).cookieKeys).toEqual([KEY]);
  });
});
