/**
 * The database of `npm start` and `nx serve`: the server of DATABASE_URL when
 * set, else an embedded PostgreSQL with its data in .data/pg (git-ignored).
 * A second launcher (say `nx serve api` beside `npm start`) finds the embedded
 * server already running and shares it instead of starting another.
 */
import { createDatabase, migrateLatest, ping, startEmbeddedPostgres, withDatabaseName } from '@tessera/persistence';
import path from 'node:path';
import { workspaceRoot } from './paths.js';

export const EMBEDDED_PORT = Number(process.env['EMBEDDED_PG_PORT'] ?? 54329);
const DATABASE = 'tessera';

export interface DevDatabase {
  url: string;
  /** Stops the embedded server if this launcher started it. */
  stop(): Promise<void>;
  description: string;
}

export async function openDevDatabase(): Promise<DevDatabase> {
  const external = process.env['DATABASE_URL'];
  if (external) {
    await migrateAt(external);
    return { url: external, stop: async () => undefined, description: 'DATABASE_URL' };
  }
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`;
  const url = withDatabaseName(adminUrl, DATABASE);
  if (await reachable(adminUrl)) {
    await migrateAt(url);
    return { url, stop: async () => undefined, description: `embedded PostgreSQL already running on port ${EMBEDDED_PORT}` };
  }
  const server = await startEmbeddedPostgres({ dataDir: path.join(workspaceRoot, '.data', 'pg'), port: EMBEDDED_PORT, persistent: true });
  const admin = createDatabase({ url: adminUrl, poolMax: 1 });
  try {
    const exists = await admin('pg_database').where({ datname: DATABASE }).first('datname');
    if (!exists) await admin.raw(`create database ${DATABASE}`);
  } finally {
    await admin.destroy();
  }
  await migrateAt(url);
  return { url, stop: () => server.stop(), description: `embedded PostgreSQL on port ${EMBEDDED_PORT}, data in .data/pg` };
}

async function reachable(url: string): Promise<boolean> {
  const db = createDatabase({ url, poolMax: 1, quiet: true });
  try {
    await ping(db);
    return true;
  } catch {
    return false;
  } finally {
    await db.destroy();
  }
}

async function migrateAt(url: string): Promise<void> {
  const db = createDatabase({ url, poolMax: 1 });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
}
