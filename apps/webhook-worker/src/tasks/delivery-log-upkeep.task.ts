/**
 * `delivery-log-upkeep` (JOBS.deliveryLogUpkeep, decision 057): the delivery log's partitions made
 * ahead and the expired ones dropped. Queued every hour by the work lane's crontab (queue-runner.ts);
 * a run that fails is retried by the queue.
 */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { WorkerServices } from '../services.js';
import { jobTask } from './job-task.js';

export function deliveryLogUpkeepTask(services: Pick<WorkerServices, 'upkeepDeliveryLog'>, logger: Logger): JobHandler {
  return jobTask(JOBS.deliveryLogUpkeep, logger, async (_payload, job) => {
    const { made, dropped, kept } = await services.upkeepDeliveryLog();
    const day = (time: Date) => time.toISOString().slice(0, 10);
    logger.info(
      {
        jobId: job.id,
        made: made.map(day),
        dropped: dropped.map((p) => `${day(p.from)}..${day(p.to)}`),
        kept: kept.map((p) => ({ days: `${day(p.from)}..${day(p.to)}`, reason: p.reason })),
      },
      'delivery log upkeep',
    );
  });
}
