/**
 * Issue 30 item 13: every deployment file of the repository (docker/compose.yml,
 * deploy/kubernetes, deploy/systemd) gives the auth every secret it needs in
 * production, so it starts as written (compose) or once its examples are
 * filled in (the others); and each example secret the files ship is refused.
 */
import { randomBytes } from 'node:crypto';
import { deploymentEnvironments, withExamplesReplaced } from '@tessera/validation/testing';
import { loadAuthConfig } from './config.js';

// 32 random bytes in base64: fit for every secret variable (a sealing key, 32+ and 16+ characters, no spaces).
const fresh = () => randomBytes(32).toString('base64');

describe.each(deploymentEnvironments('auth'))('the auth as $file deploys it', (deployment) => {
  it('starts in production with the secrets it gives, its examples replaced', () => {
    expect(deployment.env['NODE_ENV']).toBe('production');
    expect(() => loadAuthConfig(withExamplesReplaced(deployment, fresh))).not.toThrow();
  });

  it('refuses each example secret the file ships', () => {
    for (const name of deployment.examples) {
      expect(() => loadAuthConfig({ ...withExamplesReplaced(deployment, fresh), [name]: deployment.env[name]! })).toThrow(`${name}: is an example or development value`);
    }
  });
});
