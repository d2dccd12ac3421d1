/** `send-mail` jobs (JOBS.sendMail): one e-mail message each. */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { Mailer } from '../mailer.js';
import { jobTask } from './job-task.js';

export function sendMailTask(mailer: Mailer, logger: Logger): JobHandler {
  return jobTask(JOBS.sendMail, logger, (message) => mailer.send(message));
}
