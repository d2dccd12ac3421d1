/** `send-mail` jobs (JOBS.sendMail): one e-mail message each. */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { WorkerServices } from '../services.js';
import { jobTask } from './job-task.js';

export function sendMailTask(services: Pick<WorkerServices, 'sendMail'>, logger: Logger): JobHandler {
  return jobTask(JOBS.sendMail, logger, (message) => services.sendMail(message));
}
