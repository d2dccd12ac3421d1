/**
 * A job handler for one task of the job contract (libs/domain jobs/job-contract.ts):
 * the payload is checked against the task's schema — the same one the producer's
 * types come from — before the handler sees it. A payload that does not match
 * is a producer bug: the job throws with the reason, so it is retried and
 * finally kept as failed in the queue with that reason as its last_error, where
 * an operator can see it.
 */
import { parseJobPayload, type JobName, type JobPayload } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler, RunningJob } from '@tessera/persistence';

export function jobTask<N extends JobName>(task: N, logger: Logger, handle: (payload: JobPayload<N>, job: RunningJob) => Promise<void>): JobHandler {
  return async (payload, job) => {
    const parsed = parseJobPayload(task, payload);
    if (!parsed.ok) {
      logger.error({ jobId: job.id, task, attempts: job.attempts, reason: parsed.reason }, `${task} job has an invalid payload`);
      throw new Error(`invalid ${task} payload: ${parsed.reason}`);
    }
    await handle(parsed.payload, job);
  };
}
