// `npm run soak`: the proofs of issue 20 item 6 in their longer forms — the same
// specs CI runs, with more generated inputs, more clients, longer load and several
// database restarts. Settings by environment variables (defaults below); each spec
// prints its figures. A plain script, not an nx project: it only runs jest.
import { spawnSync } from 'node:child_process';

const defaults = { SOAK_INPUTS_FACTOR: '10', SOAK_WRITERS: '16', SOAK_READERS: '8', SOAK_RESTARTS: '5', SOAK_DOWN_MS: '3000', SOAK_LOAD_MS: '10000' };
const env = { ...process.env };
for (const [name, value] of Object.entries(defaults)) env[name] ??= value;
const runs = [
  ['apps/api/jest.config.cjs', ['rest-properties', 'events-properties', 'database-outage-under-load', 'access-matrix']],
  ['apps/auth/jest.config.cjs', ['oauth-properties']],
  ['apps/graphql/jest.config.cjs', ['graphql-variables-properties', 'access-matrix']],
];
console.log(`soak: ${Object.keys(defaults).map((name) => `${name}=${env[name]}`).join(' ')}${env.SOAK_SEED ? ` SOAK_SEED=${env.SOAK_SEED}` : ''}`);
let failed = 0;
for (const [config, specs] of runs) {
  const result = spawnSync(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '-c', config, '--testTimeout=3600000', ...specs.map((spec) => `test/${spec}.spec.ts`)], { env, stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
