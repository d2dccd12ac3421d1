/**
 * `request-waiting-until` jobs (JOBS.requestWaitingUntil), queued for a
 * request's waiting_until: the domain decides whether the request is released
 * or has moved on since ('skipped').
 */
import { JOBS, releaseWaitingRequest } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import { createUnitOfWork, type Database, type JobHandler } from '@tessera/persistence';
import { jobTask } from './job-task.js';

export function requestWaitingUntilTask(db: Database, logger: Logger): JobHandler {
  const uow = createUnitOfWork(db);
  return jobTask(JOBS.requestWaitingUntil, logger, async (payload, job) => {
    const outcome = await releaseWaitingRequest(payload, uow);
    logger.info({ jobId: job.id, accountId: payload.account_id, requestId: payload.request_id, outcome }, 'waiting_until reached');
  });
}
