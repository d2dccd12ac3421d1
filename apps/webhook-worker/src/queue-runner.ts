/**
 * The worker's job runner: the tasks this process handles, on graphile-worker.
 *
 * Every task of the job contract is registered: `webhook-event` (the fan-out
 * of an event into deliveries), `webhook-delivery` (one attempt of one
 * delivery), `send-mail` and `request-waiting-until`. A runner claims only
 * jobs of the tasks it registers.
 */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import { startJobRunner, type JobLogLevel } from '@tessera/persistence';
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
  /** Called when the runner ends on its own with an error (not after stop()). */
  onFatal?: (error: unknown) => void;
}

export interface QueueRunner {
  stop(): Promise<void>;
}

export async function startQueueRunner(options: QueueRunnerOptions): Promise<QueueRunner> {
  const logger = options.logger.child({ component: 'queue' });
  const runner = await startJobRunner({
    connectionString: options.connectionString,
    concurrency: options.concurrency,
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
    ...(options.liveness ? { liveness: options.liveness } : {}),
    tasks: {
      [JOBS.sendMail]: sendMailTask(options.services, logger),
      [JOBS.requestWaitingUntil]: requestWaitingUntilTask(options.services, logger),
      [JOBS.webhookEvent]: webhookEventTask(options.services, logger),
      [JOBS.webhookDelivery]: webhookDeliveryTask(options.services, logger),
    },
    log: (level: JobLogLevel, message, context) => logger[level](context, message),
  });
  runner.done.catch((error: unknown) => {
    logger.error({ err: error }, 'job runner stopped on an error');
    options.onFatal?.(error);
  });
  logger.info({ concurrency: options.concurrency, tasks: [JOBS.sendMail, JOBS.requestWaitingUntil, JOBS.webhookEvent, JOBS.webhookDelivery] }, 'job runner started');
  return { stop: () => runner.stop() };
}
