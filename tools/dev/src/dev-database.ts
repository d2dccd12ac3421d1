/**
 * The database of `npm start` and `nx serve`: the server of DATABASE_URL when
 * set, else an embedded PostgreSQL with its data in .data/pg (git-ignored).
 * A second launcher (say `nx serve api` beside `npm start`) finds the embedded
 * server already running and shares it instead of starting another — but only
 * when that server's data folder is this checkout's: another checkout's server
 * on the same port holds other data and another schema version.
 */
import { createDatabase, migrateLatest, startEmbeddedPostgres, withDatabaseName } from '@tessera/persistence';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { dataDir as dataRoot, workspaceRoot } from './paths.js';

export const EMBEDDED_PORT = Number(process.env['EMBEDDED_PG_PORT'] ?? 54329);
const DATABASE = 'tessera';

export interface DevDatabase {
  url: string;
  /** Stops the embedded server if this launcher started it. */
  stop(): Promise<void>;
  description: string;
}

export interface EmbeddedLocation {
  port: number;
  dataDir: string;
}

export const DEFAULT_EMBEDDED: EmbeddedLocation = { port: EMBEDDED_PORT, dataDir: path.join(dataRoot, 'pg') };

export class ForeignEmbeddedPostgresError extends Error {
  constructor(port: number, theirs: string, ours: string) {
    super(
      `An embedded PostgreSQL of another checkout is running on port ${port} (data in ${theirs}, this checkout's is ${ours}). ` +
        'Stop it, or set EMBEDDED_PG_PORT to another port for this checkout.',
    );
    this.name = 'ForeignEmbeddedPostgresError';
  }
}

export const embeddedAdminUrl = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
export const embeddedUrl = (port: number) => withDatabaseName(embeddedAdminUrl(port), DATABASE);

/** `migrate: false` leaves the schema as it is, for a caller that migrates and reports it itself (`tessera migrate`). */
export async function openDevDatabase(embedded: EmbeddedLocation = DEFAULT_EMBEDDED, { migrate = true }: { migrate?: boolean } = {}): Promise<DevDatabase> {
  const external = process.env['DATABASE_URL'];
  if (external) {
    if (migrate) await migrateAt(external);
    return { url: external, stop: async () => undefined, description: 'DATABASE_URL' };
  }
  const { port, dataDir } = embedded;
  const adminUrl = embeddedAdminUrl(port);
  const url = embeddedUrl(port);
  const running = await runningDataDir(adminUrl);
  if (running !== null) {
    const ours = await realpath(dataDir).catch(() => path.resolve(dataDir));
    if (running !== ours) throw new ForeignEmbeddedPostgresError(port, running, ours);
    await ensureDatabase(adminUrl);
    if (migrate) await migrateAt(url);
    return { url, stop: async () => undefined, description: `embedded PostgreSQL already running on port ${port}` };
  }
  const server = await startEmbeddedPostgres({ dataDir, port, persistent: true, ownProcessGroup: true });
  await ensureDatabase(adminUrl);
  if (migrate) await migrateAt(url);
  return { url, stop: () => server.stop(), description: `embedded PostgreSQL on port ${port}, data in ${path.relative(workspaceRoot, dataDir) || dataDir}` };
}

/** The data folder of the server answering on that URL (resolved, as the server sees it), or null when none answers. */
export async function runningDataDir(url: string): Promise<string | null> {
  const db = createDatabase({ url, poolMax: 1, quiet: true });
  try {
    const { rows } = await db.raw<{ rows: Array<{ data_directory: string }> }>('show data_directory');
    return await realpath(rows[0]!.data_directory).catch(() => rows[0]!.data_directory);
  } catch {
    return null;
  } finally {
    await db.destroy();
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const admin = createDatabase({ url: adminUrl, poolMax: 1 });
  try {
    const exists = await admin('pg_database').where({ datname: DATABASE }).first('datname');
    if (!exists) await admin.raw(`create database ${DATABASE}`);
  } finally {
    await admin.destroy();
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
