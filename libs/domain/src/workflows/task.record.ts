/**
 * A task of a workflow (issue 32, ../shared/RECORDS.md "task"), a record of the engine
 * (docs/decisions/039, 051): created by `POST /v1/workflows/:id/tasks`, read and changed at
 * `/v1/tasks`; `task.create` / `.update`, `.status-changed`, `.member-changed`, `.team-changed`,
 * `.note-added`. It waits on its predecessors (tasks of the same workflow); once its workflow has
 * started and they are finished it is assigned (work-plan-lifecycle.ts). An approval task is
 * approved or rejected by its approvers (task-approvals.ts), never by hand.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { workWriters } from '../problems/work-writers.js';
import { taskTransitionRules } from './task-rules.js';
import { IMPACTS, TASK_STATUSES } from './task-statuses.js';
import { PLAN_PART, planPartFields } from './plan-part.js';

const { all: ALL, listed: LISTED } = FACETS;
const PART = planPartFields('task');

/** Transitions no one makes by hand (docs/decisions/051). */
const taskRules = taskTransitionRules({ what: 'task', approval: 'approval', approvals: '/v1/tasks/:id/approvals' });

export const TASK = defineRecord({
  noun: 'task',
  fields: {
    workflow_id: { type: 'reference', target: 'Workflow', write: 'create', required: true, description: 'Workflow it is a task of', collection: LISTED },
    subject: PART.subject,
    category: { type: 'enum', values: ['risk_and_impact', 'implementation', 'automation', 'approval'], write: 'change', required: true, description: 'Category', collection: LISTED },
    planned_duration: PART.planned_duration,
    status: { type: 'enum', values: TASK_STATUSES, write: 'change', nullable: false, description: 'Status', note: 'Default: registered; assigned by the service once its workflow started and its predecessors finished', collection: ALL },
    impact: { type: 'enum', values: IMPACTS, write: 'change', nullable: false, description: 'Impact', note: 'Default: none', collection: LISTED },
    team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Team it is assigned to', collection: LISTED },
    member_id: { type: 'reference', target: 'Person', write: 'change', description: 'Member of the team it is assigned to', collection: LISTED },
    predecessor_ids: { type: 'references', target: 'Task', max: 50, set: true, write: 'change', description: 'Tasks of the same workflow it waits on' },
    approver_ids: { type: 'references', target: 'Person', max: 50, set: true, write: 'change', description: 'Who approve an approval task' },
    required_approvals: PART.required_approvals,
    waiting_until: PART.waiting_until,
    finished_at: PART.finished_at,
  },
  defaults: { status: 'registered', impact: 'none', required_approvals: 1 },
  ...PLAN_PART,
  parents: { workflow_id: { path: 'tasks', create: true } },
  links: {
    predecessor_ids: { table: 'task_predecessors', self: 'task_id', other: 'predecessor_id', position: 'none' },
    approver_ids: { table: 'task_approvers', self: 'task_id', other: 'approver_id', position: 'none' },
  },
  rules: taskRules,
  changeEvents: { 'status-changed': 'status', 'member-changed': 'member_id', 'team-changed': 'team_id' },
  notes: true,
  writers: workWriters('tasks', [{ person: 'member_id' }, { team: 'team_id' }, { parent: 'workflow_id', person: 'manager_id' }], 'A specialist changes only the tasks they are the member of, whose team they are in, or of a workflow they manage, and adds tasks only to a workflow they manage'),
  describe: {
    create:
      '`subject`, `category` and `planned_duration` are needed. It is assigned at once when its workflow has started and its predecessors are finished. ' +
      'Fires task.create, and workflow.update and .status-changed when the workflow’s status moves.',
    update:
      'A task never returns to registered; an approval task is approved or rejected by its approvers. Finishing it assigns the successors whose ' +
      'predecessors are all finished. Fires task.update, and beside it task.status-changed, .member-changed or .team-changed.',
  },
});
