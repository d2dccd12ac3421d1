/**
 * A fresh, migrated and seeded database for one bench run: in an embedded
 * PostgreSQL of its own, or in the server DATABASE_URL names. Dropped after.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, migrateLatest, seedDemoData, startEmbeddedPostgres, withDatabaseName, type DemoSeedResult } from '@tessera/persistence';

export interface BenchDatabase {
  url: string;
  demo: DemoSeedResult;
  description: string;
  close(): Promise<void>;
}

export async function openBenchDatabase(externalUrl: string | undefined): Promise<BenchDatabase> {
  const server = externalUrl ? null : await startEmbeddedPostgres({ dataDir: await mkdtemp(path.join(tmpdir(), 'tessera-bench-')), port: 0, persistent: false });
  const adminUrl = externalUrl ?? server!.adminUrl;
  const name = `tessera_bench_${Date.now()}`;
  const admin = createDatabase({ url: adminUrl, poolMax: 1 });
  try {
    await admin.raw(`create database ${name}`);
    const url = withDatabaseName(adminUrl, name);
    const db = createDatabase({ url, poolMax: 2 });
    const demo = await migrateLatest(db).then(() => seedDemoData(db)).finally(() => db.destroy());
    return {
      url,
      demo,
      description: server ? `embedded PostgreSQL on port ${server.port} (fsync off)` : 'the PostgreSQL server of DATABASE_URL',
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
