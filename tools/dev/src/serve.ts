/**
 * `nx serve <app>`: the same database and migrations as `npm start`, the demo seed only into an
 * empty database (one with data is left as it is), then one app,
 * configured as docs/configuration.md says for one app (`PORT` moves it; every
 * other variable reaches it as it is). Exits non-zero when the app does not come up, so Nx
 * reports the failure.
 */
import { appAddresses } from './app-addresses.js';
import { appEnvironment } from './app-env.js';
import { seedIfEmpty } from './demo-credentials.js';
import { openDevDatabase } from './dev-database.js';
import { assertPortsFree, installShutdown, startApp, waitForHealth } from './launcher.js';
import { credentialsPath } from './paths.js';

async function main(name: string | undefined): Promise<void> {
  const address = appAddresses({ PORT: process.env['PORT'] }).find((a) => a.app === name);
  if (!address) throw new Error(`usage: serve <${appAddresses().map((a) => a.app).join('|')}>`);
  await assertPortsFree([address], 'PORT');
  const database = await openDevDatabase();
  const seeded = await seedIfEmpty(database.url, credentialsPath);
  const env = await appEnvironment(database.url);
  const app = startApp(address, env);
  const stop = installShutdown([app], () => database.stop());
  try {
    await waitForHealth([app], 90_000);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
    return;
  }
  const demo = seeded ? `demo data seeded, credentials in ${credentialsPath}` : 'the database has data: demo seed skipped';
  process.stdout.write(`${address.app} is up at ${address.publicUrl} (${database.description}); ${demo}\n`);
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`serve failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
