/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed,
 * then all four apps on their default addresses. Ctrl-C stops everything.
 */
import path from 'node:path';
import { appAddresses } from './app-addresses.js';
import { appEnvironment, demoAllowedNetworks } from './app-env.js';
import { seedAndWriteCredentials } from './demo-credentials.js';
import { openDevDatabase } from './dev-database.js';
import { assertPortsFree, installShutdown, startApp, waitForHealth } from './launcher.js';
import { credentialsPath } from './paths.js';

const START_TIMEOUT_MS = 90_000;

async function main(): Promise<void> {
  const began = Date.now();
  const addresses = appAddresses();
  await assertPortsFree(addresses);
  const database = await openDevDatabase();
  process.stdout.write(`Database: ${database.description}\n`);
  const credentials = await seedAndWriteCredentials(database.url, credentialsPath);
  const env = await appEnvironment(database.url);
  const apps = addresses.map((address) => startApp(address, env));
  const stop = installShutdown(apps, () => database.stop());
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
      'Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
