/**
 * A task of a project (issue 32, ../shared/RECORDS.md "project_task"), a record of the engine
 * (docs/decisions/039, 050): created by `POST /v1/projects/:id/tasks`, read and changed at
 * `/v1/project_tasks`; `project_task.create` / `.update`, `.status-changed`, `.note-added`. It
 * waits on its predecessors (project tasks of the same project); once they are finished it is
 * assigned (project-plan.ts). It follows a workflow's task's rules (task-rules.ts); an approval
 * project task is approved or rejected by its writers.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { workWriters } from '../problems/work-writers.js';
import { taskTransitionRules } from '../workflows/task-rules.js';
import { PLAN_PART, planPartFields } from '../workflows/plan-part.js';

const { all: ALL, listed: LISTED } = FACETS;
const PART = planPartFields('project task');

/** A workflow's task statuses but declined, waiting_for_customer and request_pending (RECORDS.md §3). */
export const PROJECT_TASK_STATUSES = ['registered', 'assigned', 'accepted', 'in_progress', 'waiting_for', 'failed', 'rejected', 'completed', 'approved', 'canceled'] as const;

export const PROJECT_TASK = defineRecord({
  noun: 'project_task',
  fields: {
    project_id: { type: 'reference', target: 'Project', write: 'create', required: true, description: 'Project it is a task of', collection: LISTED },
    subject: PART.subject,
    category: { type: 'enum', values: ['activity', 'milestone', 'approval'], write: 'change', required: true, description: 'Category', collection: LISTED },
    planned_duration: PART.planned_duration,
    status: {
      type: 'enum', values: PROJECT_TASK_STATUSES, write: 'change', nullable: false, description: 'Status',
      note: 'Default: registered; assigned by the service once its predecessors finished', collection: ALL,
    },
    team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Team it is assigned to', collection: LISTED },
    assignment_ids: { type: 'references', target: 'Person', max: 50, set: true, write: 'change', description: 'People it is assigned to' },
    deadline: { type: 'datetime', write: 'change', description: 'When it is to be finished (a milestone’s date)', collection: ALL },
    required_approvals: PART.required_approvals,
    predecessor_ids: { type: 'references', target: 'ProjectTask', max: 50, set: true, write: 'change', description: 'Project tasks of the same project it waits on' },
    waiting_until: PART.waiting_until,
    finished_at: PART.finished_at,
  },
  defaults: { status: 'registered', required_approvals: 1 },
  ...PLAN_PART,
  parents: { project_id: { path: 'tasks', create: true } },
  links: {
    assignment_ids: { table: 'project_task_assignments', self: 'project_task_id', other: 'person_id', position: 'none' },
    predecessor_ids: { table: 'project_task_predecessors', self: 'project_task_id', other: 'predecessor_id', position: 'none' },
  },
  rules: taskTransitionRules({ what: 'project task', approval: 'approval', approvals: '/v1/project_tasks/:id/approvals' }),
  changeEvents: { 'status-changed': 'status' },
  notes: true,
  writers: workWriters('project tasks', [{ link: 'assignment_ids' }, { team: 'team_id' }, { parent: 'project_id', person: 'manager_id' }], 'A specialist changes only the project tasks assigned to them, whose team they are in, or of a project they manage, and adds project tasks only to a project they manage'),
  describe: {
    create:
      '`subject`, `category` and `planned_duration` are needed. It is assigned at once when its predecessors are finished. ' +
      'Fires project_task.create, and project.update and .status-changed when the project’s status moves.',
    update:
      'A project task never returns to registered; only an approval project task is approved or rejected. Finishing it assigns the successors ' +
      'whose predecessors are all finished. Fires project_task.update, and beside it project_task.status-changed.',
  },
});
