/**
 * The transitions no one makes by hand on a task of a plan — a workflow's task, a project's task
 * (docs/decisions/051, 050): a task that has left `registered` never returns to it; only an
 * approval task is `approved` or `rejected`, and an approval task is never `completed` or
 * `failed`. Where its approvers decide (a workflow's tasks: `POST /v1/tasks/:id/approvals`), an
 * approval task is not approved or rejected by hand either.
 */
import type { FieldError } from '../errors/domain-error.js';

export interface TaskRuleShape {
  /** How a sentence names the task (`task`, `project task`). */
  what: string;
  /** The category of approval tasks. */
  approval: string;
  /** The route where approvers approve or reject an approval task; null: its writers set approved or rejected themselves. */
  approvals: string | null;
}

/** Statuses an approval task alone takes, and those it never takes. */
const BY_APPROVERS = ['approved', 'rejected'];
const NOT_APPROVALS = ['completed', 'failed'];

/** The record's rules (define-record.ts `rules`) for a task of this shape. */
export function taskTransitionRules({ what, approval, approvals }: TaskRuleShape) {
  return (task: Readonly<Record<string, unknown>>, before?: Readonly<Record<string, unknown>>): FieldError[] => {
    const status = task['status'] as string;
    if (!before || before['status'] === status) return [];
    if (status === 'registered') return [['status', `Status: a ${what} that has left registered does not return to it`]];
    if (task['category'] === approval) {
      if (approvals !== null && BY_APPROVERS.includes(status)) return [['status', `Status: an approval ${what} is approved or rejected by its approvers (POST ${approvals})`]];
      if (NOT_APPROVALS.includes(status)) return [['status', `Status: an approval ${what} is not ${status}; ${approvals !== null ? 'its approvers approve or reject it' : 'it is approved or rejected'}`]];
    } else if (BY_APPROVERS.includes(status)) return [['status', `Status: only an approval ${what} is ${status}`]];
    return [];
  };
}
