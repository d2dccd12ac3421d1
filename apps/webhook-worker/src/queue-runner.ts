/**
 * The worker's job runners, in three lanes (decisions 025, 053), each on its own
 * graphile-worker runner with its own concurrency and connections, each
 * replaced by its supervisor when it stops on its own (runner-supervisor.ts):
 *
 * - `work`: `webhook-event` (the fan-out of events into deliveries, batched),
 *   `request-waiting-until`, `record-timer` (date timers of records), `delivery-log-upkeep`
 *   (the delivery log's partitions, decision 057), and the `webhook-delivery` jobs queued before
 *   the delivery engine (drained: the dispatcher sends their deliveries);
 * - `mail`: `send-mail` alone, at MAIL_CONCURRENCY, so a slow or hung SMTP
 *   server never holds a slot the fan-out or scheduled work needs. A failed
 *   send throws: the queue retries it later (graphile-worker's backoff), never lost;
 * - `rules`: `automation-run` alone, at AUTOMATION_CONCURRENCY, so one account's heavy rules
 *   never hold the slots every account's webhook fan-out needs; its slots are shared between
 *   accounts (rules-lane-share.ts): an account holding half of them, or half the process's time
 *   in evaluating rules, takes no more while another account's rules wait.
 *
 * A runner claims only jobs of the tasks it registers.
 */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import { DEFAULT_DEAD_AFTER_MS, startJobRunner, type JobHandler, type JobLogLevel } from '@tessera/persistence';
import { rulesLaneShare } from './rules-lane-share.js';
import { superviseJobRunner, type SupervisedRunner } from './runner-supervisor.js';
import type { WorkerServices } from './services.js';
import { deliveryLogUpkeepTask } from './tasks/delivery-log-upkeep.task.js';
import { recordTimerTask } from './tasks/record-timer.task.js';
import { automationRunTask } from './tasks/automation-run.task.js';
import { requestWaitingUntilTask } from './tasks/request-waiting-until.task.js';
import { sendMailTask } from './tasks/send-mail.task.js';
import { legacyWebhookDeliveryTask } from './tasks/webhook-delivery.task.js';
import { webhookEventTask } from './tasks/webhook-event.task.js';

export interface QueueRunnerOptions {
  /** The queue's own connection pool (graphile-worker LISTENs on one of its connections). */
  connectionString: string;
  /** The use cases the tasks call (services.ts). */
  services: WorkerServices;
  /** Jobs at once in the work lane (WORKER_CONCURRENCY). */
  concurrency: number;
  /** Mails at once in the mail lane (MAIL_CONCURRENCY). */
  mailConcurrency: number;
  /** Automation rule runs at once in the rules lane (AUTOMATION_CONCURRENCY). */
  automationConcurrency: number;
  pollIntervalMs?: number;
  /** Heartbeat and dead-after of each runner's worker_processes row (WORKER_HEARTBEAT_MS, WORKER_DEAD_AFTER_MS). */
  liveness?: { heartbeatMs: number; deadAfterMs: number };
  /** The delivery engine's worker id (its leases' `leased_by`): written into the runners' rows, so peers free those leases once this process is dead. */
  leaseHolder?: string;
  logger: Logger;
}

export type QueueRunner = SupervisedRunner;

/**
 * The delivery log's upkeep (decision 057) at minute 7 of every hour, one job by its key; a run
 * missed while no worker was up within the last 2 hours is made up at start (graphile-worker's fill).
 */
export const DELIVERY_LOG_UPKEEP_CRONTAB = `7 * * * * ${JOBS.deliveryLogUpkeep} ?fill=2h&jobKey=${JOBS.deliveryLogUpkeep}`;

/**
 * The work lane fetches jobs in batches (graphile-worker's local queue): one query takes the
 * next jobs of every slot, and fan-outs that start together share a transaction. Locked jobs
 * a stopped runner still held go back at its stop, or with its locks when it died.
 */
export function workLocalQueue(concurrency: number): number | undefined {
  return concurrency > 1 ? concurrency * 2 : undefined;
}

/** One lane: a graphile-worker runner of its own for these tasks. */
interface Lane {
  name: string;
  concurrency: number;
  tasks: Record<string, JobHandler>;
  localQueueSize?: number;
  crontab?: string;
  forbiddenFlags?: () => string[] | Promise<string[]>;
}

function lanesOf(options: QueueRunnerOptions, logger: Logger): Lane[] {
  const { services } = options;
  return [
    {
      name: 'work',
      concurrency: options.concurrency,
      tasks: {
        [JOBS.requestWaitingUntil]: requestWaitingUntilTask(services, logger),
        [JOBS.recordTimer]: recordTimerTask(services, logger),
        [JOBS.deliveryLogUpkeep]: deliveryLogUpkeepTask(services, logger),
        [JOBS.webhookEvent]: webhookEventTask(services, logger),
        [JOBS.webhookDelivery]: legacyWebhookDeliveryTask(logger),
      },
      localQueueSize: workLocalQueue(options.concurrency),
      crontab: DELIVERY_LOG_UPKEEP_CRONTAB,
    },
    { name: 'mail', concurrency: options.mailConcurrency, tasks: { [JOBS.sendMail]: sendMailTask(services, logger) } },
    rulesLane(options, logger),
  ];
}

/** The rules lane, its slots shared between accounts (rules-lane-share.ts). */
function rulesLane(options: QueueRunnerOptions, logger: Logger): Lane {
  const { services } = options;
  const share = rulesLaneShare({
    slots: options.automationConcurrency,
    spending: (ms, seconds) => services.rulesEvaluation.spending(ms, seconds),
    othersDue: (flag) => services.rulesDueWithoutFlag(flag),
    onError: (error) => logger.warn({ err: error }, 'rules lane: could not read whether other accounts wait; none is held back'),
  });
  return {
    name: 'rules',
    concurrency: options.automationConcurrency,
    tasks: { [JOBS.automationRun]: automationRunTask(services, logger, share) },
    forbiddenFlags: () => share.forbidden(),
  };
}

export async function startQueueRunner(options: QueueRunnerOptions): Promise<QueueRunner> {
  const logger = options.logger.child({ component: 'queue' });
  const start = ({ name, concurrency, tasks, localQueueSize, crontab, forbiddenFlags }: Lane) =>
    superviseJobRunner({
      start: (releaseFirst) =>
        startJobRunner({
          connectionString: options.connectionString,
          concurrency,
          ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
          ...(options.liveness ? { liveness: options.liveness } : {}),
          ...(releaseFirst ? { releaseFirst } : {}),
          ...(options.leaseHolder ? { leaseHolder: options.leaseHolder } : {}),
          ...(localQueueSize ? { localQueueSize } : {}),
          ...(crontab ? { crontab } : {}),
          ...(forbiddenFlags ? { forbiddenFlags } : {}),
          tasks,
          log: (level: JobLogLevel, message, context) => logger[level]({ lane: name, ...context }, message),
        }),
      staleAfterMs: options.liveness?.deadAfterMs ?? DEFAULT_DEAD_AFTER_MS,
      logger: logger.child({ lane: name }),
    });
  const lanes = lanesOf(options, logger);
  const running: SupervisedRunner[] = [];
  // One after the other, so a lane that cannot start stops the ones already running and nothing is left behind.
  for (const lane of lanes) {
    try {
      running.push(await start(lane));
    } catch (error) {
      await Promise.all(running.map((runner) => runner.stop()));
      throw error;
    }
  }
  logger.info({ lanes: Object.fromEntries(lanes.map((lane) => [lane.name, lane.concurrency])) }, 'job runners started');
  return {
    async stop() {
      await Promise.all(running.map((runner) => runner.stop()));
    },
    async check() {
      await Promise.all(running.map((runner) => runner.check()));
    },
  };
}
