/** `webhook-delivery` jobs (JOBS.webhookDelivery): one attempt of one delivery (decision 016). */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { WorkerServices } from '../services.js';
import { jobTask } from './job-task.js';

export function webhookDeliveryTask(services: Pick<WorkerServices, 'deliverWebhook'>, logger: Logger): JobHandler {
  return jobTask(JOBS.webhookDelivery, logger, async (payload, job) => {
    const outcome = await services.deliverWebhook(payload);
    logger.info({ jobId: job.id, accountId: payload.account_id, deliveryId: payload.delivery_id, outcome }, 'webhook delivery attempt');
  });
}
