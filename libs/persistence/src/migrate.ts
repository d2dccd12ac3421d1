import type { Database } from './database.js';
import { migrationSource } from './migrations/index.js';

const config = { migrationSource, tableName: 'knex_migrations' };

/** Brings the schema to the newest version; returns the names of the migrations it ran. */
export async function migrateLatest(db: Database): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(config)) as [number, string[]];
  return applied;
}

/** Undoes every migration, newest first. */
export async function migrateDownAll(db: Database): Promise<void> {
  await db.migrate.rollback(config, true);
}

export async function listPendingMigrations(db: Database): Promise<string[]> {
  const [, pending] = (await db.migrate.list(config)) as [unknown, Array<{ file: string } | string>];
  return pending.map((entry) => (typeof entry === 'string' ? entry : entry.file));
}
