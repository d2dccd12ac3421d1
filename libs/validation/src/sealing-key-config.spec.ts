import { randomBytes } from 'node:crypto';
import { ConfigError } from './config.js';
import { deploymentEnvOf, sealingKeyConfig } from './sealing-key-config.js';

describe('SECRET_SEALING_KEY in app configuration', () => {
  it('stops a production process without it, with one config line naming the variable', () => {
    expect(() => sealingKeyConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => sealingKeyConfig({ NODE_ENV: 'production', SECRET_SEALING_KEY: '' })).toThrow(/SECRET_SEALING_KEY: is required in production/);
  });

  it('refuses a key that is not 32 bytes of base64, in any environment', () => {
    expect(() => sealingKeyConfig({ SECRET_SEALING_KEY: randomBytes(31).toString('base64') })).toThrow(/SECRET_SEALING_KEY: must decode to 32 bytes, not 31/);
    expect(() => sealingKeyConfig({ NODE_ENV: 'test', SECRET_SEALING_KEY: 'hunter2!' })).toThrow(/SECRET_SEALING_KEY: must be base64/);
  });

  it('takes the key from the environment, or the public development key with a notice outside production', () => {
    const key = sealingKeyConfig({ NODE_ENV: 'production', SECRET_SEALING_KEY: randomBytes(32).toString('base64') });
    expect(key).toMatchObject({ source: 'environment', notice: null });
    expect(sealingKeyConfig({})).toMatchObject({ source: 'development', notice: expect.stringContaining('SECRET_SEALING_KEY is not set') });
  });

  it('reads NODE_ENV as production, test, or development for anything else', () => {
    expect([deploymentEnvOf('production'), deploymentEnvOf('test'), deploymentEnvOf(undefined), deploymentEnvOf('staging')]).toEqual(['production', 'test', 'development', 'development']);
  });
});
