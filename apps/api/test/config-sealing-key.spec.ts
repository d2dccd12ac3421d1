import { randomBytes } from 'node:crypto';
import { ConfigError } from '@tessera/validation';
import { loadApiConfig } from '../src/config.js';

const DATABASE_URL = 'postgres://u:p@localhost:5432/db';

describe('api configuration — SECRET_SEALING_KEY (decision 015)', () => {
  it('refuses to start in production without it', () => {
    expect(() => loadApiConfig({ DATABASE_URL, NODE_ENV: 'production' })).toThrow(ConfigError);
  });

  it('uses the key it is given, and the public development key with a notice elsewhere', () => {
    expect(loadApiConfig({ DATABASE_URL, NODE_ENV: 'production', SECRET_SEALING_KEY: randomBytes(32).toString('base64') }).sealingKey.source).toBe('environment');
    expect(loadApiConfig({ DATABASE_URL }).sealingKey.notice).toMatch(/not set/);
  });
});
