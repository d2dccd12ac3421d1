/**
 * What every part of a plan declares alike — a workflow's task, a project's task (docs/decisions/
 * 050, 051): its subject, planned duration, the approvals an approval part needs, when one
 * waiting_for returns to assigned, and when it ended; named for what the part is.
 */
import { FACETS } from '../record-engine/define-record.js';
import { ENDED, WAITING_UNTIL } from './task-statuses.js';

const { all: ALL, listed: LISTED } = FACETS;

export function planPartFields(what: string) {
  return {
    subject: { type: 'text', max: 255, write: 'change', required: true, description: 'Subject', collection: ALL },
    planned_duration: { type: 'integer', min: 0, max: 5_256_000, write: 'change', required: true, description: 'Planned duration in minutes', collection: { default: true } },
    required_approvals: { type: 'integer', min: 1, max: 50, write: 'change', nullable: false, description: `Approvals an approval ${what} needs`, note: 'Default: 1', collection: { default: true } },
    waiting_until: { type: 'datetime', write: 'change', description: `When a ${what} waiting_for returns to assigned`, collection: LISTED },
    finished_at: { type: 'datetime', description: 'When it ended (failed, rejected, completed, approved or canceled); null while it has not', collection: ALL },
  } as const;
}

/** The service's part in them: `finished_at` stamped when the part ends, `waiting_until` through the job queue. */
export const PLAN_PART = { stamps: { finished_at: { when: 'status', in: ENDED } }, timers: [WAITING_UNTIL] } as const;
