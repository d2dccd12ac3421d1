/**
 * The worker's composition root: the use cases its tasks call, built once per
 * process. Tasks are thin adapters from a queued job to one of these.
 */
import { releaseWaitingRequest, type RequestWaitingUntilJob, type SendMailJob, type WaitingReleaseOutcome } from '@tessera/domain';
import {
  deliverWebhook, fanOutWebhookEvent, loadSealingKey, type DeliveryOutcome, type SealingKey, type WebhookDeliveryJob, type WebhookEventJob,
} from '@tessera/domain';
import { createUnitOfWork, type Database } from '@tessera/persistence';
import { loadDeliveryConfig, type DeliveryConfig } from './deliveries/delivery-config.js';
import { httpSender } from './deliveries/http-sender.js';
import { WEBHOOK_USER_AGENT } from './deliveries/user-agent.js';
import type { Mailer } from './mailer.js';

export interface WorkerServices {
  releaseWaitingRequest(job: RequestWaitingUntilJob): Promise<WaitingReleaseOutcome>;
  sendMail(message: SendMailJob): Promise<void>;
  fanOutWebhookEvent(event: WebhookEventJob, job: { jobId: string; eventAt: Date }): Promise<{ deliveries: number }>;
  deliverWebhook(job: WebhookDeliveryJob): Promise<DeliveryOutcome>;
}

export interface WorkerServiceDependencies {
  /** The pool the use cases write records with. */
  db: Database;
  mailer: Mailer;
  /** Webhook delivery settings (deliveries/delivery-config.ts); default: those with no variable set. */
  delivery?: DeliveryConfig;
  /** SECRET_SEALING_KEY, to open the keys of webhook policies; default: the public development key. */
  sealingKey?: SealingKey;
}

export function createWorkerServices({ db, mailer, delivery = loadDeliveryConfig({}), sealingKey = loadSealingKey(undefined, 'test') }: WorkerServiceDependencies): WorkerServices {
  const uow = createUnitOfWork(db);
  const send = httpSender({ allowedNetworks: delivery.allowedNetworks });
  return {
    releaseWaitingRequest: (job) => releaseWaitingRequest(job, uow),
    sendMail: (message) => mailer.send(message),
    fanOutWebhookEvent: (event, job) => fanOutWebhookEvent(event, { ...job, apiUrl: delivery.apiUrl }, uow),
    deliverWebhook: (job) => deliverWebhook(job, { uow, send, sealingKey, userAgent: WEBHOOK_USER_AGENT, retryBaseMs: delivery.retryBaseMs }),
  };
}
