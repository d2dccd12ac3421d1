/**
 * A PostgreSQL of the spec's own, migrated and seeded, for specs that stop and
 * start it (the server the other spec files share is left alone), with the
 * admin's access and an HTTP sink whose webhook is the only one enabled.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createDatabase, findFreePort, migrateLatest, seedDemoData, startEmbeddedPostgres, uniquePassword, withDatabaseName, type RunningPostgres,
} from '@tessera/persistence';
import type { TestDatabase } from '@tessera/persistence/testing';
import type { AccessContext } from '@tessera/domain';
import { startHttpSink, type HttpSink } from './http-sink.js';
import { adminAccess, sinkWebhook } from './webhook-fixtures.js';

export interface OwnPostgres {
  test: TestDatabase;
  access: AccessContext;
  sink: HttpSink;
  webhookId: number;
  running(): boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Everything: the sink, the connections, the server and its files. */
  close(): Promise<void>;
}

export async function startOwnPostgres(name: string, settings: string[] = []): Promise<OwnPostgres> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `tessera-${name}-pg-`));
  const port = await findFreePort();
  // Restarted on its port, which another test's server may take meanwhile: a password of its own keeps their clients apart.
  const password = uniquePassword();
  const startServer = () => startEmbeddedPostgres({ dataDir, port, persistent: true, password, settings });
  let server: RunningPostgres | undefined = await startServer();
  const admin = createDatabase({ url: server.adminUrl, poolMax: 1 });
  await admin.raw(`create database ${name}`);
  await admin.destroy();
  const url = withDatabaseName(server.adminUrl, name);
  const db = createDatabase({ url, poolMax: 3 });
  await migrateLatest(db);
  const test: TestDatabase = { db, url, name, drop: () => db.destroy() };
  const access = await adminAccess(test, await seedDemoData(db));
  const sink = await startHttpSink();
  await db('webhooks').update({ disabled: true });
  const webhookId = await sinkWebhook(test, sink, { event: 'request.create' });
  return {
    test, access, sink, webhookId,
    running: () => server !== undefined,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      server ??= await startServer();
    },
    async close() {
      await sink.close();
      await db.destroy();
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
