/**
 * Test databases: one PostgreSQL server per Jest run (embedded, or the server
 * of DATABASE_URL), one migrated template database, and a fresh copy of that
 * template for every test file, so tests never see each other's data.
 *
 * Use `setupTestPostgres`/`teardownTestPostgres` as Jest globalSetup/globalTeardown
 * and `createTestDatabase` inside test files.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, withDatabaseName, type Database } from '../database.js';
import { startEmbeddedPostgres, type RunningPostgres } from '../embedded-postgres.js';
import { migrateLatest } from '../migrate.js';

const ADMIN_URL_ENV = 'TESSERA_TEST_ADMIN_URL';
const TEMPLATE_ENV = 'TESSERA_TEST_TEMPLATE_DB';

interface GlobalState {
  server?: RunningPostgres;
  adminUrl: string;
  template: string;
}
const STATE_KEY = Symbol.for('tessera.test-postgres');
type GlobalWithState = typeof globalThis & { [STATE_KEY]?: GlobalState };

const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

export async function setupTestPostgres(): Promise<void> {
  const external = process.env['DATABASE_URL'];
  const server = external
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(tmpdir(), uniqueName('tessera-test-pg')), port: 0, persistent: false, durable: false });
  const adminUrl = external ?? server!.adminUrl;
  const template = uniqueName('tessera_tpl');
  await withAdmin(adminUrl, (admin) => admin.raw(`create database ${template}`));
  const db = createDatabase({ url: withDatabaseName(adminUrl, template), poolMax: 1 });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  process.env[ADMIN_URL_ENV] = adminUrl;
  process.env[TEMPLATE_ENV] = template;
  (globalThis as GlobalWithState)[STATE_KEY] = { ...(server ? { server } : {}), adminUrl, template };
}

export async function teardownTestPostgres(): Promise<void> {
  const state = (globalThis as GlobalWithState)[STATE_KEY];
  if (!state) return;
  if (state.server) {
    await state.server.stop();
  } else {
    await withAdmin(state.adminUrl, (admin) => admin.raw(`drop database if exists ${state.template} with (force)`));
  }
}

export interface TestDatabase {
  db: Database;
  url: string;
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A migrated, empty database of its own for one test file. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env[ADMIN_URL_ENV];
  const template = process.env[TEMPLATE_ENV];
  if (!adminUrl || !template) {
    throw new Error('No test PostgreSQL: add setupTestPostgres/teardownTestPostgres as the Jest globalSetup/globalTeardown');
  }
  const name = uniqueName('tessera_test');
  const source = options.migrated === false ? 'template0' : template;
  await withAdmin(adminUrl, (admin) => admin.raw(`create database ${name} template ${source}`));
  const url = withDatabaseName(adminUrl, name);
  const db = createDatabase({ url });
  return {
    db,
    url,
    name,
    async drop() {
      await db.destroy();
      await withAdmin(adminUrl, (admin) => admin.raw(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: Database) => Promise<T>): Promise<T> {
  const admin = createDatabase({ url: adminUrl, poolMax: 1 });
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}
