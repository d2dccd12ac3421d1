/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed,
 * then all four apps on their default addresses. Ctrl-C stops everything.
 * When an app dies, everything stops, unless `--keep-going` (or TESSERA_RESTART=one)
 * asks for that app to be started again while the others keep running.
 */
import path from 'node:path';
import { appAddresses } from './app-addresses.js';
import { appEnvironment, demoAllowedNetworks } from './app-env.js';
import { seedAndWriteCredentials } from './demo-credentials.js';
import { openDevDatabase } from './dev-database.js';
import { assertPortsFree, installShutdown, startApp, waitForHealth } from './launcher.js';
import { credentialsPath } from './paths.js';

const START_TIMEOUT_MS = 90_000;

function keepGoing(argv: string[]): boolean {
  const unknown = argv.filter((arg) => arg !== '--keep-going');
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')} (npm start takes --keep-going)`);
  const restart = process.env['TESSERA_RESTART'] ?? 'all';
  if (restart !== 'all' && restart !== 'one') throw new Error(`TESSERA_RESTART must be 'all' or 'one', not '${restart}'`);
  return argv.includes('--keep-going') || restart === 'one';
}

async function main(): Promise<void> {
  const began = Date.now();
  const restartOne = keepGoing(process.argv.slice(2));
  const addresses = appAddresses();
  await assertPortsFree(addresses);
  const database = await openDevDatabase();
  process.stdout.write(`Database: ${database.description}\n`);
  const credentials = await seedAndWriteCredentials(database.url, credentialsPath);
  const env = await appEnvironment(database.url);
  const apps = addresses.map((address) => startApp(address, env));
  const stop = installShutdown(apps, () => database.stop(), restartOne ? { start: (address) => startApp(address, env) } : undefined);
  try {
    await waitForHealth(apps, START_TIMEOUT_MS);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
    return;
  }
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  const relative = path.relative(process.cwd(), credentialsPath);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? credentialsPath : relative;
  const requirable = shown === credentialsPath ? shown : `./${shown}`;
  process.stdout.write(
    [
      '',
      `Tessera is up (${seconds} s).`,
      ...addresses.map((a) => `  ${a.app.padEnd(15)} ${a.publicUrl}`),
      `  account         ${credentials.account}`,
      `Demo credentials: ${shown}`,
      `Webhooks: demo mode lets deliveries reach ${demoAllowedNetworks() || 'no private network'} (WEBHOOK_ALLOWED_NETWORKS; deployments refuse loopback and private targets by default)`,
      `Try: curl -H "Authorization: Bearer $(node -p "require('${requirable}').admin.token")" -H "X-Service-Account: ${credentials.account}" ${credentials.urls.api}/me`,
      restartOne
        ? `Keep going: an app that stops is started again, the others keep running (pids: ${apps.map((a) => `${a.address.app} ${a.child.pid}`).join(', ')}).`
        : 'When an app stops, everything stops (npm start -- --keep-going starts it again instead).',
      'Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
