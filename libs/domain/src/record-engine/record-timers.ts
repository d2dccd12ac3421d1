/**
 * The timers of a record of the engine (define-record.ts `timers`, docs/decisions/042, 051): what
 * a write giving a timed day or moment brings. A day's moment is UTC's: the start of the day, or
 * the end (the start of the next); a datetime's is itself. A moment come by the transaction's
 * clock sets the timer's fields in the same write (while the record has its `when` values); a
 * later one queues a job for that moment, keyed per record and field so that a changed value
 * replaces it; a value cleared drops it.
 */
import { JOBS, queuedJob, recordTimerJobKey, type QueuedJob } from '../jobs/job-contract.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { RecordDefinition, RecordTimer } from './define-record.js';
import type { RecordRow } from './record-store.repository.js';

const DAY_MS = 86_400_000;

/** A timed value as a job names it: a day's `YYYY-MM-DD`, a moment's ISO text; null when none. */
export function timerValue(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : null;
}

/** When the timer fires for `value` (a day, or a moment's ISO text): the day's start or end in UTC, or the moment. */
export function timerMoment(timer: RecordTimer, value: string): Date {
  if (timer.at === 'moment') return new Date(value);
  const start = Date.parse(`${value}T00:00:00Z`);
  return new Date(timer.at === 'start' ? start : start + DAY_MS);
}

/** Whether the record has every value the timer sets (a timer that sets none is never applied: it runs the effects). */
export const timerApplied = (timer: RecordTimer, row: RecordRow): boolean =>
  Object.keys(timer.set).length > 0 && Object.entries(timer.set).every(([field, value]) => row[field] === value);

/** Whether the record has the values the timer waits for. */
export const timerWanted = (timer: RecordTimer, row: RecordRow): boolean => Object.entries(timer.when ?? {}).every(([field, value]) => row[field] === value);

/** Whether a write gives a timed value (a create: one not null, a change: one changed); only such a write needs the clock. */
export const givesTimedDay = (def: RecordDefinition, written: RecordRow, mode: 'create' | 'change'): boolean =>
  def.timers.some((timer) => timer.field in written && (mode === 'change' || written[timer.field] !== null));

/** The timers whose value `written` gives, with that value (null: cleared). */
const timersWritten = (def: RecordDefinition, written: RecordRow) =>
  def.timers.filter((timer) => timer.field in written).map((timer) => ({ timer, value: timerValue(written[timer.field]) }));

/** The values the due timers of a write set, on top of `written` (the row of a create, the changed values of a change over `current`). */
export function dueTimerValues(def: RecordDefinition, written: RecordRow, now: Date, current: RecordRow = {}): RecordRow {
  const values: RecordRow = {};
  for (const { timer, value } of timersWritten(def, written)) {
    if (value !== null && timerMoment(timer, value) <= now && timerWanted(timer, { ...current, ...written })) Object.assign(values, timer.set);
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

/** For the timers whose value `written` gives: the jobs to queue for a later moment, and the keys of the jobs no longer wanted. */
export function timerJobs(def: RecordDefinition, account: AccountId, id: number, written: RecordRow, now: Date): { jobs: QueuedJob[]; cancel: string[] } {
  const jobs: QueuedJob[] = [];
  const cancel: string[] = [];
  for (const { timer, value } of timersWritten(def, written)) {
    const key = recordTimerJobKey(def.noun, id, timer.field);
    const at = value === null ? null : timerMoment(timer, value);
    if (at === null || at <= now) cancel.push(key);
    else jobs.push(queuedJob(JOBS.recordTimer, { account_id: account, noun: def.noun, record_id: id, field: timer.field, day: value! }, { runAt: at, jobKey: key }));
  }
  return { jobs, cancel };
}
