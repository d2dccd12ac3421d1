/**
 * The job queue (graphile-worker) lives in its own schema of the same database,
 * so that a change and the jobs it enqueues commit together (transactional
 * outbox). graphile-worker installs and upgrades that schema itself.
 */
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import { connectionUrlOf, type Database } from '../database.js';

export const QUEUE_SCHEMA = 'graphile_worker';
export const silentQueueLogger = new Logger(() => () => undefined);

export async function installQueueSchema(db: Database): Promise<void> {
  const pgPool = new pg.Pool({ connectionString: connectionUrlOf(db), max: 1 });
  // graphile-worker insists on error handlers; a failure surfaces through runMigrations anyway.
  pgPool.on('error', () => undefined);
  pgPool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await runMigrations({ pgPool, logger: silentQueueLogger });
  } finally {
    await pgPool.end();
  }
}

export async function dropQueueSchema(db: Database): Promise<void> {
  await db.raw(`drop schema if exists ${QUEUE_SCHEMA} cascade`);
}
