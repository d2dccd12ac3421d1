import type { Database } from '../database.js';

/**
 * Queues a payload the job contract would refuse at compile time, as a buggy
 * or older producer could: for tests of how a consumer treats it.
 */
export async function enqueueUncheckedJob(db: Database, task: string, payload: unknown): Promise<void> {
  await db.raw('select graphile_worker.add_job(?, ?::json)', [task, JSON.stringify(payload)]);
}
