/**
 * A fresh, migrated and seeded database for one bench run: in an embedded
 * PostgreSQL of its own, or in the server DATABASE_URL names. Dropped after.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, migrateLatest, seedDemoData, startEmbeddedPostgres, withDatabaseName, type Database, type DemoSeedResult } from '@tessera/persistence';

export interface BenchDatabase {
  url: string;
  /** pg_stat_statements is there to read (asked for, and loaded by the server). */
  statements: boolean;
  demo: DemoSeedResult;
  description: string;
  /** Durability on (as `npm start` runs the embedded server) or off again, for one run; null for DATABASE_URL's server. */
  durability: ((on: boolean) => Promise<string>) | null;
  close(): Promise<void>;
}

const DURABILITY = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;

/**
 * The bench measures the services, not the disk: a commit waits for no flush. Set here, not left
 * to the embedded server's defaults, which are to become durable; printed with every run.
 */
async function setDurable(admin: Database, on: boolean): Promise<void> {
  for (const name of DURABILITY) await admin.raw(`alter system set ${name} = ${on ? 'on' : 'off'}`);
  await admin.raw('select pg_reload_conf()');
  // The reload is a signal: give the server a moment before the settings are read back.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function durability(admin: Database): Promise<string> {
  const { rows } = await admin.raw<{ rows: Array<{ name: string; setting: string }> }>('select name, setting from pg_settings where name = any(?) order by name', [[...DURABILITY]]);
  const off = rows.some((row) => row.setting === 'off');
  return `${rows.map((row) => `${row.name}=${row.setting}`).join(', ')}${off ? ' (commits wait for no disk flush: the figures are not those of a durable deployment)' : ''}`;
}

export async function openBenchDatabase(externalUrl: string | undefined, options: { statements: boolean } = { statements: false }): Promise<BenchDatabase> {
  const settings = options.statements ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on'] : [];
  const server = externalUrl ? null : await startEmbeddedPostgres({ dataDir: await mkdtemp(path.join(tmpdir(), 'tessera-bench-')), port: 0, persistent: false, settings });
  const adminUrl = externalUrl ?? server!.adminUrl;
  const name = `tessera_bench_${Date.now()}`;
  const admin = createDatabase({ url: adminUrl, poolMax: 1 });
  try {
    await admin.raw(`create database ${name}`);
    const url = withDatabaseName(adminUrl, name);
    const db = createDatabase({ url, poolMax: 2 });
    const demo = await migrateLatest(db).then(() => seedDemoData(db));
    // A server of DATABASE_URL may not have the library loaded: the run goes on without the statements.
    const statements = options.statements && (await db.raw('create extension if not exists pg_stat_statements').then(() => db.raw('select pg_stat_statements_reset()')).then(() => true, () => false));
    await db.destroy();
    if (server) await setDurable(admin, false);
    const where = server ? `embedded PostgreSQL on port ${server.port}, durability turned off by the bench (ALTER SYSTEM)` : 'the PostgreSQL server of DATABASE_URL';
    return {
      url,
      statements,
      demo,
      description: `${where}: ${await durability(admin)}`,
      durability: server
        ? async (on) => {
            await setDurable(admin, on);
            return durability(admin);
          }
        : null,
      close: async () => {
        await admin.raw(`drop database if exists ${name} with (force)`);
        await admin.destroy();
        await server?.stop();
      },
    };
  } catch (error) {
    await admin.destroy();
    await server?.stop();
    throw error;
  }
}
