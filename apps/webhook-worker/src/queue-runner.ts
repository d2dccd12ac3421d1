/**
 * The worker's job runner: the tasks this process handles, on graphile-worker.
 *
 * Every task of the job contract is registered: `webhook-event` (the fan-out
 * of an event into deliveries), `webhook-delivery` (one attempt of one
 * delivery), `send-mail` and `request-waiting-until`. A runner claims only
 * jobs of the tasks it registers. A runner that stops on its own is replaced
 * (runner-supervisor.ts).
 */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import { DEFAULT_DEAD_AFTER_MS, startJobRunner, type JobLogLevel } from '@tessera/persistence';
import { superviseJobRunner, type SupervisedRunner } from './runner-supervisor.js';
import type { WorkerServices } from './services.js';
import { requestWaitingUntilTask } from './tasks/request-waiting-until.task.js';
import { sendMailTask } from './tasks/send-mail.task.js';
import { webhookDeliveryTask } from './tasks/webhook-delivery.task.js';
import { webhookEventTask } from './tasks/webhook-event.task.js';

export interface QueueRunnerOptions {
  /** The queue's own connection pool (graphile-worker LISTENs on one of its connections). */
  connectionString: string;
  /** The use cases the tasks call (services.ts). */
  services: WorkerServices;
  concurrency: number;
  pollIntervalMs?: number;
  /** Heartbeat and dead-after of this process's worker_processes row (WORKER_HEARTBEAT_MS, WORKER_DEAD_AFTER_MS). */
  liveness?: { heartbeatMs: number; deadAfterMs: number };
  logger: Logger;
}

export type QueueRunner = SupervisedRunner;

export async function startQueueRunner(options: QueueRunnerOptions): Promise<QueueRunner> {
  const logger = options.logger.child({ component: 'queue' });
  const tasks = [JOBS.sendMail, JOBS.requestWaitingUntil, JOBS.webhookEvent, JOBS.webhookDelivery];
  const runner = await superviseJobRunner({
    start: (releaseFirst) =>
      startJobRunner({
        connectionString: options.connectionString,
        concurrency: options.concurrency,
        ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
        ...(options.liveness ? { liveness: options.liveness } : {}),
        ...(releaseFirst ? { releaseFirst } : {}),
        tasks: {
          [JOBS.sendMail]: sendMailTask(options.services, logger),
          [JOBS.requestWaitingUntil]: requestWaitingUntilTask(options.services, logger),
          [JOBS.webhookEvent]: webhookEventTask(options.services, logger),
          [JOBS.webhookDelivery]: webhookDeliveryTask(options.services, logger),
        },
        log: (level: JobLogLevel, message, context) => logger[level](context, message),
      }),
    staleAfterMs: options.liveness?.deadAfterMs ?? DEFAULT_DEAD_AFTER_MS,
    logger,
  });
  logger.info({ concurrency: options.concurrency, tasks }, 'job runner started');
  return runner;
}
