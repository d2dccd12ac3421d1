/**
 * `automation-run` jobs (JOBS.automationRun), queued by the outbox with a change of a record while
 * its account has a rule that could match (docs/decisions/053): the domain runs the rules; a rule
 * that fails fails alone, logged on the rule, and the job still completes. An unexpected error fails the
 * job; its retry (same job id) skips the rules that already acted in it.
 */
import { JOBS } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { JobHandler } from '@tessera/persistence';
import type { RulesLaneShare } from '../rules-lane-share.js';
import type { WorkerServices } from '../services.js';
import { jobTask } from './job-task.js';

export function automationRunTask(services: Pick<WorkerServices, 'runAutomation'>, logger: Logger, share?: RulesLaneShare): JobHandler {
  return jobTask(JOBS.automationRun, logger, async (payload, job) => {
    const run = () => services.runAutomation(payload, { id: job.id, attempt: job.attempts });
    // The account holds one of the lane's slots while its rules run (rules-lane-share.ts).
    const outcome = await (share ? share.run(payload.account_id, run) : run());
    if (outcome.ran > 0) {
      logger.info({ jobId: job.id, accountId: payload.account_id, noun: payload.noun, recordId: payload.record_id, depth: payload.depth, ...outcome }, 'automation rules ran');
    }
  });
}
