/**
 * `send-mail` jobs (JOBS.sendMail). A payload that does not match SendMailJob
 * is a producer bug: the task throws with the reason, so the job is retried and
 * finally kept as failed in the queue, with that reason as its last_error,
 * where an operator can see it.
 */
import { z } from 'zod';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { Mailer } from '../mailer.js';

const sendMailJob = z.object({
  to: z.string().trim().min(1),
  subject: z.string(),
  text: z.string(),
});

export function sendMailTask(mailer: Mailer, logger: Logger): JobHandler {
  return async (payload, job) => {
    const parsed = sendMailJob.safeParse(payload);
    if (!parsed.success) {
      const reason = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ');
      logger.error({ jobId: job.id, task: job.task, attempts: job.attempts, reason }, 'send-mail job has an invalid payload');
      throw new Error(`invalid send-mail payload: ${reason}`);
    }
    await mailer.send(parsed.data);
  };
}
