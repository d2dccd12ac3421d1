/**
 * `record-timer` jobs (JOBS.recordTimer), queued for a date timer of a record of the engine
 * (docs/decisions/042): the domain decides whether the record still has the day and changes,
 * or has moved on since ('skipped').
 */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { WorkerServices } from '../services.js';
import { jobTask } from './job-task.js';

export function recordTimerTask(services: Pick<WorkerServices, 'runRecordTimer'>, logger: Logger): JobHandler {
  return jobTask(JOBS.recordTimer, logger, async (payload, job) => {
    const outcome = await services.runRecordTimer(payload);
    logger.info({ jobId: job.id, accountId: payload.account_id, noun: payload.noun, recordId: payload.record_id, field: payload.field, day: payload.day, outcome }, 'record timer reached');
  });
}
