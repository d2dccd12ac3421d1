/**
 * The statuses of the tasks of a plan — a workflow's tasks and a project's (RECORDS.md §3) — and
 * what each means to the plan (docs/decisions/051): a task `finished` lets its successors start;
 * a `halted` one stops its plan's progress until it is dealt with; either ends the task
 * (`finished_at`).
 */
export const TASK_STATUSES = [
  'registered', 'declined', 'assigned', 'accepted', 'in_progress', 'waiting_for', 'waiting_for_customer', 'request_pending',
  'failed', 'rejected', 'completed', 'approved', 'canceled',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const FINISHED: readonly string[] = ['completed', 'approved', 'canceled'];
export const HALTED: readonly string[] = ['failed', 'rejected'];
export const ENDED: readonly string[] = [...FINISHED, ...HALTED];

/** The statuses of a plan (a workflow, a release, a project): derived from its parts. */
export const PLAN_STATUSES = ['registered', 'in_progress', 'progress_halted', 'completed'] as const;

/** A task (or a problem) waiting_for returns to assigned at its `waiting_until` (RECORDS.md §3), through the job queue. */
export const WAITING_UNTIL = { field: 'waiting_until', at: 'moment', set: { status: 'assigned' }, when: { status: 'waiting_for' } } as const;

export const IMPACTS = ['none', 'low', 'medium', 'high', 'top'] as const;
