/** `webhook-event` jobs (JOBS.webhookEvent): the fan-out of one event into deliveries (decision 016). */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { WorkerServices } from '../services.js';
import { jobTask } from './job-task.js';

export function webhookEventTask(services: Pick<WorkerServices, 'fanOutWebhookEvent'>, logger: Logger): JobHandler {
  return jobTask(JOBS.webhookEvent, logger, async (event, job) => {
    const { deliveries, paused } = await services.fanOutWebhookEvent(event, { jobId: job.id, eventAt: new Date(job.createdAt) });
    if (deliveries + paused > 0) logger.info({ jobId: job.id, accountId: event.account_id, event: event.event, deliveries, paused }, 'webhook event fanned out');
  });
}
