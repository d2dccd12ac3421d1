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
  await tuneQueueTable(db);
}

/**
 * Each lane claims only its own tasks (`task_id = any(…)`), and graphile-worker's index is by priority
 * and due time: a lane with nothing due (the mail lane, at every new rules job) read every due job of the
 * other lanes to find none, and with the table's statistics from when it was nearly empty the planner
 * read the whole table and sorted it for each claim, 2 ms at 2,000 queued rule runs (decision 059).
 * An index by task finds a lane's own due jobs; statistics read again after every 500 changed rows keep
 * the planner's picture of a queue whose size moves by thousands within a minute.
 */
async function tuneQueueTable(db: Database): Promise<void> {
  await db.raw(`create index if not exists tessera_jobs_task_due on ${QUEUE_SCHEMA}._private_jobs (task_id, priority, run_at) include (id, job_queue_id) where is_available`);
  await db.raw(`alter table ${QUEUE_SCHEMA}._private_jobs set (autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 500)`);
}

export async function dropQueueSchema(db: Database): Promise<void> {
  await db.raw(`drop schema if exists ${QUEUE_SCHEMA} cascade`);
}
