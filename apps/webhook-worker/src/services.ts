/**
 * The worker's composition root: the use cases its tasks call, built once per
 * process. Tasks are thin adapters from a queued job to one of these.
 */
import { releaseWaitingRequest, type RequestWaitingUntilJob, type SendMailJob, type WaitingReleaseOutcome } from '@tessera/domain';
import { createUnitOfWork, type Database } from '@tessera/persistence';
import type { Mailer } from './mailer.js';

export interface WorkerServices {
  releaseWaitingRequest(job: RequestWaitingUntilJob): Promise<WaitingReleaseOutcome>;
  sendMail(message: SendMailJob): Promise<void>;
}

export interface WorkerServiceDependencies {
  /** The pool the use cases write records with. */
  db: Database;
  mailer: Mailer;
}

export function createWorkerServices({ db, mailer }: WorkerServiceDependencies): WorkerServices {
  const uow = createUnitOfWork(db);
  return {
    releaseWaitingRequest: (job) => releaseWaitingRequest(job, uow),
    sendMail: (message) => mailer.send(message),
  };
}
