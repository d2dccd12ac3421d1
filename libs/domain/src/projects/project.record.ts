/**
 * A project (issue 32, ../shared/RECORDS.md "project"), a record of the engine (docs/decisions/039,
 * 050): `/v1/projects`, GraphQL's `Project`, `project.create` / `.update`, `.status-changed`,
 * `.manager-changed` and `.note-added`. A plan of project tasks that starts when it is created:
 * its status and completion follow its tasks (project-plan.ts) and are never written.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { CALLER } from '../record-engine/caller.js';
import { workWriters } from '../problems/work-writers.js';
import { PLAN_STATUSES } from '../workflows/task-statuses.js';

const { all: ALL, listed: LISTED } = FACETS;

const JUSTIFICATIONS = ['compliance', 'correction', 'expansion', 'improvement', 'maintenance', 'move', 'removal', 'replacement'] as const;
const COMPLETION_REASONS = ['withdrawn', 'rejected', 'abandoned', 'partial', 'complete'] as const;

export const PROJECT = defineRecord({
  noun: 'project',
  fields: {
    subject: { type: 'text', max: 255, write: 'change', required: true, description: 'Subject', collection: ALL },
    service_id: { type: 'reference', target: 'Service', write: 'change', required: true, description: 'Service it is for', collection: LISTED },
    customer_id: { type: 'reference', target: 'Organization', write: 'change', required: true, description: 'Organization it is done for', collection: LISTED },
    manager_id: { type: 'reference', target: 'Person', write: 'change', notBlank: true, description: 'Project manager', note: 'Default: the caller', collection: LISTED },
    justification: { type: 'enum', values: JUSTIFICATIONS, write: 'change', required: true, description: 'Why it is done', collection: LISTED },
    program: { type: 'text', max: 80, write: 'change', description: 'Program it is part of', collection: LISTED },
    time_zone: { type: 'text', max: 64, format: 'time-zone', write: 'change', description: 'Time zone of its work', note: 'An IANA name such as Europe/Amsterdam', collection: LISTED },
    status: { type: 'enum', values: PLAN_STATUSES, description: 'Status, from its project tasks: registered, in_progress, progress_halted (a task failed or rejected), completed', collection: ALL },
    completion_reason: { type: 'enum', values: COMPLETION_REASONS, description: 'Why it completed: complete once every project task is finished', collection: LISTED },
    completed_at: { type: 'datetime', description: 'When it completed; null while it is not', collection: ALL },
  },
  defaults: { manager_id: CALLER, status: 'registered' },
  service: ['status', 'completion_reason'],
  stamps: { completed_at: { when: 'status', in: ['completed'] } },
  changeEvents: { 'status-changed': 'status', 'manager-changed': 'manager_id' },
  notes: true,
  writers: workWriters('projects', [{ person: 'manager_id' }], 'A specialist changes only the projects they manage'),
  describe: {
    create:
      '`subject`, `service_id`, `customer_id` and `justification` are needed; the manager is the caller unless given. It starts at once: ' +
      'its project tasks are assigned as their predecessors finish. Fires project.create.',
    update:
      'Its status and completion follow its project tasks. Fires project.update, and beside it project.manager-changed; a change of its ' +
      'project tasks that moves its status fires project.update and .status-changed, made by the service.',
  },
});
