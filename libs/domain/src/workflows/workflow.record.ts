/**
 * A workflow (a change; issue 32, ../shared/RECORDS.md "workflow"), a record of the engine
 * (docs/decisions/039, 051): `/v1/workflows`, GraphQL's `Workflow`, `workflow.create` / `.update`,
 * `.status-changed`, `.manager-changed` and `.note-added`. A plan of tasks: it starts at `start_at`
 * (now unless given; null: not yet), its status, impact and completion follow its tasks
 * (work-plan-lifecycle.ts) and are never written; a release it belongs to follows it.
 */
import { FACETS, NOW, defineRecord } from '../record-engine/define-record.js';
import { CALLER } from '../record-engine/caller.js';
import { workWriters } from '../problems/work-writers.js';
import { IMPACTS, PLAN_STATUSES } from './task-statuses.js';

const { all: ALL, listed: LISTED } = FACETS;

const JUSTIFICATIONS = ['compliance', 'correction', 'expansion', 'improvement', 'maintenance', 'move', 'removal', 'replacement', 'purchase'] as const;
const COMPLETION_REASONS = ['withdrawn', 'rejected', 'rolled_back', 'failed', 'partial', 'disruptive', 'complete'] as const;

export const WORKFLOW = defineRecord({
  noun: 'workflow',
  fields: {
    subject: { type: 'text', max: 255, write: 'change', required: true, description: 'Subject', collection: ALL },
    category: { type: 'enum', values: ['standard', 'non_standard', 'emergency', 'order'], write: 'change', required: true, description: 'Category', collection: LISTED },
    justification: { type: 'enum', values: JUSTIFICATIONS, write: 'change', required: true, description: 'Why it is done', collection: LISTED },
    service_id: { type: 'reference', target: 'Service', write: 'change', required: true, description: 'Service it changes', collection: LISTED },
    manager_id: { type: 'reference', target: 'Person', write: 'change', notBlank: true, description: 'Workflow manager', note: 'Default: the caller', collection: LISTED },
    start_at: { type: 'datetime', write: 'change', description: 'When its first tasks are assigned', note: 'Default: now; null: not started until given', collection: ALL },
    release_id: { type: 'reference', target: 'Release', write: 'change', description: 'Release it is part of', collection: LISTED },
    status: { type: 'enum', values: PLAN_STATUSES, description: 'Status, from its tasks: registered, in_progress, progress_halted (a task failed or rejected), completed', collection: ALL },
    completion_reason: { type: 'enum', values: COMPLETION_REASONS, description: 'Why it completed: complete once every task is finished', collection: LISTED },
    impact: { type: 'enum', values: IMPACTS, description: 'The highest impact of its tasks', collection: LISTED },
    completed_at: { type: 'datetime', description: 'When it completed; null while it is not', collection: ALL },
  },
  defaults: { manager_id: CALLER, start_at: NOW, status: 'registered' },
  service: ['status', 'completion_reason', 'impact'],
  stamps: { completed_at: { when: 'status', in: ['completed'] } },
  parents: { release_id: { path: 'workflows' } },
  // A start to come is kept in the job queue; when it comes, the workflow settles (work-plan-lifecycle.ts).
  timers: [{ field: 'start_at', at: 'moment', set: {} }],
  changeEvents: { 'status-changed': 'status', 'manager-changed': 'manager_id' },
  notes: true,
  writers: workWriters('workflows', [{ person: 'manager_id' }], 'A specialist changes only the workflows they manage'),
  describe: {
    create: '`subject`, `category`, `justification` and `service_id` are needed; the manager is the caller and it starts now unless given. Fires workflow.create.',
    update:
      'Its status, impact and completion follow its tasks. A start moved to now or before assigns its tasks that wait on none. Fires workflow.update, and beside it ' +
      'workflow.status-changed or .manager-changed; a change of its tasks that moves its status fires them too, made by the service.',
  },
});
