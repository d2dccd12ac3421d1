import type { QueuedJob } from '../jobs/job-contract.js';

/** The job queue, written in the caller's transaction (ARCHITECTURE.md transactional outbox). */
export interface JobQueue {
  /** Adds the jobs in one round trip; nothing when the list is empty. */
  enqueue(jobs: readonly QueuedJob[]): Promise<void>;
  /** Drops a waiting job by its key (a scheduled job that no longer applies). */
  cancel(jobKey: string): Promise<void>;
}
