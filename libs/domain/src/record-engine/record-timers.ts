/**
 * The date timers of a record of the engine (define-record.ts `timers`, docs/decisions/042): what
 * a write giving a timed day brings. The day's moment is UTC's: the start of the day, or the
 * end (the start of the next). A day whose moment has come by the transaction's clock sets the
 * timer's fields in the same write; a later one queues a job for that moment, keyed per record
 * and field so that a changed day replaces it; a day cleared drops it.
 */
import { JOBS, queuedJob, recordTimerJobKey, type QueuedJob } from '../jobs/job-contract.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { RecordDefinition, RecordTimer } from './define-record.js';
import type { RecordRow } from './record-store.repository.js';

const DAY_MS = 86_400_000;

/** When the timer fires for `day` (`YYYY-MM-DD`): its start, or its end, in UTC. */
export function timerMoment(timer: RecordTimer, day: string): Date {
  const start = Date.parse(`${day}T00:00:00Z`);
  return new Date(timer.at === 'start' ? start : start + DAY_MS);
}

/** Whether the record has every value the timer sets. */
export const timerApplied = (timer: RecordTimer, row: RecordRow): boolean => Object.entries(timer.set).every(([field, value]) => row[field] === value);

/** Whether a write gives a timed day (a create: one not null, a change: one changed); only such a write needs the clock. */
export const givesTimedDay = (def: RecordDefinition, written: RecordRow, mode: 'create' | 'change'): boolean =>
  def.timers.some((timer) => timer.field in written && (mode === 'change' || written[timer.field] !== null));

/** The timers whose day `written` gives, with that day (null: cleared). */
const timersWritten = (def: RecordDefinition, written: RecordRow) =>
  def.timers.filter((timer) => timer.field in written).map((timer) => ({ timer, day: (written[timer.field] ?? null) as string | null }));

/** The values the due timers of a write set, on top of `written` (the row of a create, the changed values of a change). */
export function dueTimerValues(def: RecordDefinition, written: RecordRow, now: Date): RecordRow {
  const values: RecordRow = {};
  for (const { timer, day } of timersWritten(def, written)) {
    if (day !== null && timerMoment(timer, day) <= now) Object.assign(values, timer.set);
  }
  return values;
}

/** A due timer's values win over the same change's: a field it sets is changed only where the record differs. */
export function withDueTimers(changed: RecordRow, current: RecordRow, due: RecordRow): void {
  for (const [field, value] of Object.entries(due)) {
    if (current[field] === value) delete changed[field];
    else changed[field] = value;
  }
}

/** For the timers whose day `written` gives: the jobs to queue for a later moment, and the keys of the jobs no longer wanted. */
export function timerJobs(def: RecordDefinition, account: AccountId, id: number, written: RecordRow, now: Date): { jobs: QueuedJob[]; cancel: string[] } {
  const jobs: QueuedJob[] = [];
  const cancel: string[] = [];
  for (const { timer, day } of timersWritten(def, written)) {
    const key = recordTimerJobKey(def.noun, id, timer.field);
    const at = day === null ? null : timerMoment(timer, day);
    if (at === null || at <= now) cancel.push(key);
    else jobs.push(queuedJob(JOBS.recordTimer, { account_id: account, noun: def.noun, record_id: id, field: timer.field, day: day! }, { runAt: at, jobKey: key }));
  }
  return { jobs, cancel };
}
