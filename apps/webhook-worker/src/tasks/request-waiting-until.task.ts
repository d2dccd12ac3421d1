/**
 * `request-waiting-until` jobs (JOBS.requestWaitingUntil), queued for a
 * request's waiting_until: the domain decides whether the request is released
 * or has moved on since ('skipped').
 */
import { z } from 'zod';
import { releaseWaitingRequest } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import { createWaitingRequestStore, type Database, type JobHandler } from '@tessera/persistence';

const requestWaitingUntilJob = z.object({
  account_id: z.string().min(1),
  request_id: z.number().int().positive(),
});

export function requestWaitingUntilTask(db: Database, logger: Logger): JobHandler {
  const store = createWaitingRequestStore(db);
  return async (payload, job) => {
    const parsed = requestWaitingUntilJob.safeParse(payload);
    if (!parsed.success) {
      logger.error({ jobId: job.id, task: job.task, issues: parsed.error.issues }, 'request-waiting-until job has an invalid payload');
      throw new Error(`invalid request-waiting-until payload: ${parsed.error.message}`);
    }
    const outcome = await releaseWaitingRequest(parsed.data, store);
    logger.info({ jobId: job.id, accountId: parsed.data.account_id, requestId: parsed.data.request_id, outcome }, 'waiting_until reached');
  };
}
