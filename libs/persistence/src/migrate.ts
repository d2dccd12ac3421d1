import type { Database } from './database.js';
import { migrationSource } from './migrations/index.js';
import { dropQueueSchema, installQueueSchema } from './queue/queue-schema.js';

const config = { migrationSource, tableName: 'knex_migrations' };

/** Brings the schema, and the job queue's schema, to the newest version; returns the Knex migrations it ran. */
export async function migrateLatest(db: Database): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(config)) as [number, string[]];
  await installQueueSchema(db);
  return applied;
}

/** Undoes every migration, newest first, and removes the job queue. */
export async function migrateDownAll(db: Database): Promise<void> {
  await dropQueueSchema(db);
  await db.migrate.rollback(config, true);
}

export async function listPendingMigrations(db: Database): Promise<string[]> {
  const [, pending] = (await db.migrate.list(config)) as [unknown, Array<{ file: string } | string>];
  return pending.map((entry) => (typeof entry === 'string' ? entry : entry.file));
}
