/**
 * The worker's composition root for its queue tasks: the use cases they
 * call, built once per process. Tasks are thin adapters from a queued job to
 * one of these. Deliveries themselves are not jobs: the delivery engine
 * (deliveries/delivery-engine.ts) claims them.
 */
import { JOBS, RULE_LIMITS, evaluationBudget, releaseWaitingRequest, runAutomation, type EvaluationBudget, runRecordTimer, type AutomationJobAttempt, type AutomationOutcome, type AutomationRunJob, type FannedOut, type RecordTimerJob, type RecordTimerOutcome, type RequestWaitingUntilJob, type SendMailJob, type WaitingReleaseOutcome, type WebhookEventJob } from '@tessera/domain';
import { createUnitOfWork, dueWithoutFlag, upkeepDeliveryLog, type Database, type DeliveryLogUpkeep } from '@tessera/persistence';
import { loadDeliveryConfig, type DeliveryConfig } from './deliveries/delivery-config.js';
import { fanOutBatcher, type FanOutBatcherOptions } from './deliveries/fan-out-batcher.js';
import type { Mailer } from './mailer.js';

export interface WorkerServices {
  releaseWaitingRequest(job: RequestWaitingUntilJob): Promise<WaitingReleaseOutcome>;
  runRecordTimer(job: RecordTimerJob): Promise<RecordTimerOutcome>;
  /** `queued`: the queue's job id (the same on every attempt) and its attempt, so a retry does not run again the rules that acted. */
  runAutomation(job: AutomationRunJob, queued: AutomationJobAttempt): Promise<AutomationOutcome>;
  /** Whether an `automation-run` job without this flag (another account's) is due: the rules lane's share (rules-lane-share.ts). */
  rulesDueWithoutFlag(flag: string): Promise<boolean>;
  /** Each account's time evaluating rules in this process (decision 059): its budget, and what the rules lane's share reads. */
  rulesEvaluation: EvaluationBudget;
  sendMail(message: SendMailJob): Promise<void>;
  fanOutWebhookEvent(event: WebhookEventJob, job: { jobId: string; eventAt: Date }): Promise<FannedOut>;
  /** The delivery log's partitions made ahead and the expired dropped (decision 057). */
  upkeepDeliveryLog(): Promise<DeliveryLogUpkeep>;
}

export interface WorkerServiceDependencies {
  /** The pool the use cases write records with. */
  db: Database;
  mailer: Mailer;
  /** Webhook delivery settings (deliveries/delivery-config.ts); default: those with no variable set. */
  delivery?: DeliveryConfig;
  /** The delivery engine's hand-off: new deliveries go straight to this process's dispatcher. */
  handOff?: FanOutBatcherOptions['handOff'];
}

/** Events fanned out together at most: their subscribers and their deliveries are two statements. */
const FAN_OUT_BATCH = 256;
/** How far ahead of now the delivery log's partitions are kept made: next week's exists all this week (decision 057). */
export const DELIVERY_LOG_DAYS_AHEAD = 7;

export function createWorkerServices({ db, mailer, delivery = loadDeliveryConfig({}), handOff }: WorkerServiceDependencies): WorkerServices {
  const uow = createUnitOfWork(db);
  const rulesEvaluation = evaluationBudget(RULE_LIMITS.evaluationMsPerMinute);
  const batcher = fanOutBatcher({ uow, apiUrl: delivery.apiUrl, maxBatch: FAN_OUT_BATCH, ...(handOff ? { handOff } : {}) });
  return {
    releaseWaitingRequest: (job) => releaseWaitingRequest(job, uow),
    runRecordTimer: (job) => runRecordTimer(job, uow),
    runAutomation: (job, queued) => runAutomation(job, uow, queued, rulesEvaluation),
    rulesDueWithoutFlag: (flag) => dueWithoutFlag(db, JOBS.automationRun, flag),
    rulesEvaluation,
    sendMail: (message) => mailer.send(message),
    fanOutWebhookEvent: (event, job) => batcher.fanOut({ event, ...job }),
    upkeepDeliveryLog: () => upkeepDeliveryLog(db, { retentionDays: delivery.retentionDays, daysAhead: DELIVERY_LOG_DAYS_AHEAD }),
  };
}
