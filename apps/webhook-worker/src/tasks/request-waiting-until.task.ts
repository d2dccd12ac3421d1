/**
 * `request-waiting-until` jobs (JOBS.requestWaitingUntil), queued for a
 * request's waiting_until: the domain decides whether the request is released
 * or has moved on since ('skipped').
 */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { WorkerServices } from '../services.js';
import { jobTask } from './job-task.js';

export function requestWaitingUntilTask(services: Pick<WorkerServices, 'releaseWaitingRequest'>, logger: Logger): JobHandler {
  return jobTask(JOBS.requestWaitingUntil, logger, async (payload, job) => {
    const outcome = await services.releaseWaitingRequest(payload);
    logger.info({ jobId: job.id, accountId: payload.account_id, requestId: payload.request_id, outcome }, 'waiting_until reached');
  });
}
