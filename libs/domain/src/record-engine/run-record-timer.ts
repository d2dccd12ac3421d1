/**
 * A record's date timer when its moment comes (define-record.ts `timers`, docs/decisions/042): the
 * `record-timer` job queued by the write that gave the day. In one transaction, if the record
 * still has that day and not yet the timer's values, they are set through the record's change —
 * one audit line and `<noun>.update`, made by the service (no actor, source `Tessera`);
 * otherwise (the day changed or cleared since, the values set by hand, the record gone) nothing.
 */
import type { RecordTimerJob } from '../jobs/job-contract.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { SYSTEM_SOURCE } from '../request-changes/change-sources.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import { lockForChange, saveRecordChange, settleRecord } from './record-use-cases.js';
import { timerApplied, timerValue, timerWanted } from './record-timers.js';
import { RECORDS } from './registry.js';

export type RecordTimerOutcome = 'applied' | 'skipped';

export async function runRecordTimer(job: RecordTimerJob, uow: UnitOfWork<'records' | 'auditLines' | 'jobs' | 'now'>): Promise<RecordTimerOutcome> {
  const def = RECORDS.find((record) => record.noun === job.noun);
  const timer = def?.timers.find((candidate) => candidate.field === job.field);
  if (!def || !timer) return 'skipped';
  // The job was written by this service in the transaction of the record's change.
  const account = trustedAccountId(job.account_id);
  return uow.transaction(async (tx) => {
    const current = await lockForChange(def, tx, account, job.record_id);
    if (!current || timerValue(current[timer.field]) !== job.day || timerApplied(timer, current) || !timerWanted(timer, current)) return 'skipped';
    if (Object.keys(timer.set).length === 0) {
      await settleRecord(def, tx, account, job.record_id, timer.field);
      return 'applied';
    }
    const changed = changedFields(current, { ...timer.set });
    await saveRecordChange(def, tx, { account, id: job.record_id, before: current, changed, links: {}, audit: auditPairs(current, changed), actor: null, source: SYSTEM_SOURCE, jobs: [] });
    return 'applied';
  });
}
