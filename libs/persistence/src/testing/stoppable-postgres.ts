/**
 * A PostgreSQL of one spec's own, migrated and seeded with the demo data, that
 * the spec may stop (fast shutdown, as `pg_ctl -m fast stop`) and start again
 * on the same port and data, to show what its apps do during an outage. The
 * server the other spec files share is left alone.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, withDatabaseName } from '../database.js';
import { findFreePort, startEmbeddedPostgres, type RunningPostgres } from '../embedded-postgres.js';
import { migrateLatest } from '../migrate.js';
import { seedDemoData, type DemoSeedResult } from '../seed/demo-seed.js';

export interface StoppablePostgres {
  /** The seeded database's connection string. */
  url: string;
  demo: DemoSeedResult;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and deletes its data. */
  close(): Promise<void>;
}

export async function startStoppablePostgres(): Promise<StoppablePostgres> {
  // Not mkdtemp: its 0700 directory would shut out the postgres user the package runs as under root.
  const dataDir = path.join(tmpdir(), `tessera-stoppable-pg-${process.pid}-${randomBytes(4).toString('hex')}`);
  const port = await findFreePort();
  const boot = () => startEmbeddedPostgres({ dataDir, port, persistent: true, durable: false });
  let server: RunningPostgres | undefined = await boot();
  const admin = createDatabase({ url: server.adminUrl, poolMax: 1 });
  await admin.raw('create database tessera_stoppable');
  await admin.destroy();
  const url = withDatabaseName(server.adminUrl, 'tessera_stoppable');
  const db = createDatabase({ url, poolMax: 2 });
  let demo: DemoSeedResult;
  try {
    await migrateLatest(db);
    demo = await seedDemoData(db);
  } finally {
    await db.destroy();
  }
  return {
    url,
    demo,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      server ??= await boot();
    },
    async close() {
      await server?.stop();
      server = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
