/**
 * A PostgreSQL of one spec's own, migrated and seeded with the demo data, that
 * the spec may take away from its apps and give back, to show what they do
 * during an outage: stopped (fast shutdown, as `pg_ctl -m fast stop`) and
 * started again on the same port and data, refusing new connections, or out
 * of connection slots, the open connections cut in the last two. The server
 * the other spec files share is left alone.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, withDatabaseName, type Database } from '../database.js';
import { findFreePort, startEmbeddedPostgres, uniquePassword, type RunningPostgres } from '../embedded-postgres.js';
import { migrateLatest } from '../migrate.js';
import { seedDemoData, type DemoSeedResult } from '../seed/demo-seed.js';

/**
 * How the database goes away:
 * - `stopped`: the server shuts down (fast) and starts again;
 * - `refusing connections`: `ALTER DATABASE … ALLOW_CONNECTIONS false` and the open connections
 *   terminated; new ones fail `database "…" is not currently accepting connections` (SQLSTATE 55000);
 * - `out of connection slots`: every slot of `max_connections` taken by others and the open
 *   connections terminated; new ones fail `sorry, too many clients already` (53300);
 * - `misconfigured`: the database renamed under the apps (open connections terminated), as a
 *   DATABASE_URL naming a database that does not exist (3D000) — a fault of configuration.
 */
export type DatabaseFault = 'stopped' | 'refusing connections' | 'out of connection slots' | 'misconfigured';

export const DATABASE_OUTAGES = ['stopped', 'refusing connections', 'out of connection slots'] as const satisfies readonly DatabaseFault[];

export interface StoppablePostgres {
  /** The seeded database's connection string. */
  url: string;
  demo: DemoSeedResult;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Takes the database away as `fault` says; resolves to what gives it back. */
  fault(fault: DatabaseFault): Promise<() => Promise<void>>;
  /** Stops it for good and deletes its data. */
  close(): Promise<void>;
}

const DATABASE = 'tessera_stoppable';

export interface StoppablePostgresOptions {
  /** The server's `max_connections` (300 as every test cluster otherwise): small makes `out of connection slots` cheap. */
  maxConnections?: number;
}

export async function startStoppablePostgres(options: StoppablePostgresOptions = {}): Promise<StoppablePostgres> {
  // Not mkdtemp: its 0700 directory would shut out the postgres user the package runs as under root.
  const dataDir = path.join(tmpdir(), `tessera-stoppable-pg-${process.pid}-${randomBytes(4).toString('hex')}`);
  const port = await findFreePort();
  const settings = options.maxConnections ? [`max_connections=${options.maxConnections}`] : [];
  // Restarted on its port, which another test's server may take meanwhile: a password of its own keeps their clients apart.
  const password = uniquePassword();
  const boot = () => startEmbeddedPostgres({ dataDir, port, persistent: true, durable: false, settings, password });
  let server: RunningPostgres | undefined = await boot();
  const adminUrl = server.adminUrl;
  const admin = createDatabase({ url: adminUrl, poolMax: 1 });
  await admin.raw(`create database ${DATABASE}`);
  await admin.destroy();
  const url = withDatabaseName(adminUrl, DATABASE);
  const db = createDatabase({ url, poolMax: 2 });
  let demo: DemoSeedResult;
  try {
    await migrateLatest(db);
    demo = await seedDemoData(db);
  } finally {
    await db.destroy();
  }
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  const start = async () => {
    server ??= await boot();
  };
  const takeAway = async (fault: DatabaseFault): Promise<() => Promise<void>> => {
    if (fault === 'stopped') {
      await stop();
      return start;
    }
    const control = createDatabase({ url: adminUrl, poolMax: 1 });
    // Connected before the fault, which may leave no slot to connect with.
    await control.raw('select 1');
    if (fault === 'refusing connections') {
      await control.raw(`alter database ${DATABASE} allow_connections false`);
      await terminateConnections(control, DATABASE);
      return async () => {
        await control.raw(`alter database ${DATABASE} allow_connections true`);
        await control.destroy();
      };
    }
    if (fault === 'misconfigured') {
      await renameDatabase(control, DATABASE, `${DATABASE}_elsewhere`);
      return async () => {
        await renameDatabase(control, `${DATABASE}_elsewhere`, DATABASE);
        await control.destroy();
      };
    }
    const fillers = await takeEverySlot(control, adminUrl);
    return async () => {
      await Promise.all(fillers.map((filler) => filler.end().catch(() => undefined)));
      await control.destroy();
    };
  };
  let ongoing: (() => Promise<void>) | undefined;
  return {
    url,
    demo,
    stop,
    start,
    async fault(fault) {
      // A spec that failed mid-fault leaves it on: the next one (or close) gives it back first.
      await ongoing?.();
      const giveBack = await takeAway(fault);
      let given: Promise<void> | undefined;
      ongoing = () => (given ??= giveBack().finally(() => (ongoing = undefined)));
      return ongoing;
    },
    async close() {
      await ongoing?.();
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function terminateConnections(control: Database, database: string): Promise<void> {
  await control.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()', [database]);
}

/** Renames a database its apps are connected to: shut out and cut first; a terminated backend may take a moment to leave. */
async function renameDatabase(control: Database, from: string, to: string): Promise<void> {
  await control.raw(`alter database ${from} allow_connections false`);
  for (let attempt = 0; ; attempt++) {
    await terminateConnections(control, from);
    try {
      await control.raw(`alter database ${from} rename to ${to}`);
      break;
    } catch (error) {
      // 55006 object_in_use: "database … is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await control.raw(`alter database ${to} allow_connections true`);
}

/**
 * Opens connections until the server refuses one for want of slots, then cuts the apps' and takes
 * the slots they freed, until the apps hold none (they reconnect meanwhile, so it may take rounds).
 * A terminated backend keeps its slot until it has exited, hence the rounds.
 */
async function takeEverySlot(control: Database, adminUrl: string): Promise<pg.Client[]> {
  const fillers: pg.Client[] = [];
  const fill = async () => {
    for (;;) {
      const client = new pg.Client({ connectionString: adminUrl });
      client.on('error', () => undefined);
      try {
        await client.connect();
        fillers.push(client);
      } catch (error) {
        if ((error as { code?: string }).code === '53300') return;
        throw error;
      }
    }
  };
  // Every client backend but ours, also one still starting (its database not yet known).
  const others = () => {
    const ours = fillers.map((filler) => (filler as unknown as { processID: number }).processID);
    return control.raw(`select pid from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and not (pid = any(?))`, [ours]) as Promise<{ rows: Array<{ pid: number }> }>;
  };
  for (let round = 0; round < 50; round++) {
    await fill();
    const { rows } = await others();
    if (rows.length === 0) return fillers;
    await control.raw('select pg_terminate_backend(pid) from unnest(?::int[]) as pid', [rows.map(({ pid }) => pid)]);
  }
  throw new Error('the apps kept taking the connection slots back');
}
