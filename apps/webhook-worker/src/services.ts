/**
 * The worker's composition root for its queue tasks: the use cases they
 * call, built once per process. Tasks are thin adapters from a queued job to
 * one of these. Deliveries themselves are not jobs: the delivery engine
 * (deliveries/delivery-engine.ts) claims them.
 */
import { releaseWaitingRequest, type RequestWaitingUntilJob, type SendMailJob, type WaitingReleaseOutcome } from '@tessera/domain';
import { fanOutWebhookEvent, type WebhookEventJob } from '@tessera/domain';
import { createUnitOfWork, type Database } from '@tessera/persistence';
import { loadDeliveryConfig, type DeliveryConfig } from './deliveries/delivery-config.js';
import type { Mailer } from './mailer.js';

export interface WorkerServices {
  releaseWaitingRequest(job: RequestWaitingUntilJob): Promise<WaitingReleaseOutcome>;
  sendMail(message: SendMailJob): Promise<void>;
  fanOutWebhookEvent(event: WebhookEventJob, job: { jobId: string; eventAt: Date }): Promise<{ deliveries: number; paused: number }>;
}

export interface WorkerServiceDependencies {
  /** The pool the use cases write records with. */
  db: Database;
  mailer: Mailer;
  /** Webhook delivery settings (deliveries/delivery-config.ts); default: those with no variable set. */
  delivery?: DeliveryConfig;
}

export function createWorkerServices({ db, mailer, delivery = loadDeliveryConfig({}) }: WorkerServiceDependencies): WorkerServices {
  const uow = createUnitOfWork(db);
  return {
    releaseWaitingRequest: (job) => releaseWaitingRequest(job, uow),
    sendMail: (message) => mailer.send(message),
    fanOutWebhookEvent: (event, job) => fanOutWebhookEvent(event, { ...job, apiUrl: delivery.apiUrl }, uow),
  };
}
