import type { JobQueue } from '@tessera/domain';
import type { Database } from '../database.js';
import { enqueueJobs, removeJob } from './enqueue.js';

/** The outbox's queue on graphile-worker, in the caller's transaction. */
export function jobQueue(db: Database): JobQueue {
  return {
    enqueue: (jobs) => enqueueJobs(db, jobs),
    cancel: (jobKey) => removeJob(db, jobKey),
  };
}
