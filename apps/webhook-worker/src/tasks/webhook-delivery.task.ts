/**
 * `webhook-delivery` jobs queued before decision 024: each named a pending
 * delivery, which the dispatcher now claims by itself. The job completes
 * without a request; it is only drained from the queue.
 */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import { jobTask } from './job-task.js';

export function legacyWebhookDeliveryTask(logger: Logger): JobHandler {
  return jobTask(JOBS.webhookDelivery, logger, async (payload, job) => {
    logger.debug({ jobId: job.id, deliveryId: payload.delivery_id }, 'webhook-delivery job from before the delivery engine: the dispatcher sends the delivery');
  });
}
