/**
 * The lifecycle of a workflow and its tasks, and of a release (docs/decisions/047), as record
 * effects (record-effects.ts) that run in the transaction of the change that causes them:
 * - a task's predecessors are tasks of its workflow, never itself or a task that waits on it;
 * - once a workflow has started (`start_at` reached), each registered task whose predecessors are
 *   all finished is assigned;
 * - the workflow's status, completion and impact follow its tasks, a release's its workflows.
 * The workflow's row is locked before its tasks are read, so two tasks finished at once see each
 * other: the second to lock sees the first committed.
 */
import { validationFailed } from '../errors/domain-error.js';
import type { RecordEffect, StoredRecord } from '../record-engine/record-effects.js';
import { RELEASE } from '../releases/release.record.js';
import { planState } from './plan-status.js';
import { TASK } from './task.record.js';
import { FINISHED, HALTED } from './task-statuses.js';
import { WORKFLOW } from './workflow.record.js';

const TASK_KINDS = { done: FINISHED, halted: HALTED, waiting: 'registered' };
const WORKFLOW_KINDS = { done: ['completed'], halted: ['progress_halted'], waiting: 'registered' };

/** Predecessors of tasks of one workflow: of the same workflow, and no task waiting on itself through them. */
function predecessorProblems(task: number, tasks: readonly StoredRecord[], pairs: ReadonlyArray<[number, number]>): string | null {
  const ofWorkflow = new Set(tasks.map((row) => row.id));
  const mine = pairs.filter(([self]) => self === task).map(([, other]) => other);
  const strangers = mine.filter((id) => !ofWorkflow.has(id));
  if (strangers.length > 0) return `Predecessors: not tasks of the same workflow: ${strangers.join(', ')}`;
  // Whether the task is reached again by following predecessors from it.
  const seen = new Set<number>();
  const stack = [...mine];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === task) return 'Predecessors: the task would wait on itself';
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...pairs.filter(([self]) => self === id).map(([, other]) => other));
  }
  return null;
}

/** Assigns the ready tasks of a started workflow and moves its status; then its release's. */
async function settleWorkflow(effect: RecordEffect, workflowId: number, checkTask?: number): Promise<void> {
  const workflow = await effect.records.findForUpdate(WORKFLOW, effect.account, workflowId);
  if (!workflow) return;
  const tasks = await effect.records.rowsWhere(TASK, effect.account, 'workflow_id', workflowId);
  const pairs = await effect.records.linkPairs(TASK, 'predecessor_ids', tasks.map((task) => task.id));
  if (checkTask !== undefined) {
    const problem = predecessorProblems(checkTask, tasks, pairs);
    if (problem) throw validationFailed([['predecessor_ids', problem]]);
  }
  const start = workflow['start_at'];
  if (start instanceof Date && start <= (await effect.now())) {
    const status = new Map(tasks.map((task) => [task.id, task['status'] as string]));
    for (const task of tasks) {
      if (task['status'] !== 'registered') continue;
      const waitsOn = pairs.filter(([self]) => self === task.id).map(([, other]) => status.get(other));
      if (!waitsOn.every((other) => other !== undefined && FINISHED.includes(other))) continue;
      await effect.change(TASK, task.id, { status: 'assigned' });
      task['status'] = 'assigned';
    }
  }
  await effect.change(WORKFLOW, workflowId, { ...planState(tasks, TASK_KINDS) });
  if (typeof workflow['release_id'] === 'number') await settleRelease(effect, workflow['release_id']);
}

async function settleRelease(effect: RecordEffect, releaseId: number): Promise<void> {
  if (!(await effect.records.findForUpdate(RELEASE, effect.account, releaseId))) return;
  const workflows = await effect.records.rowsWhere(WORKFLOW, effect.account, 'release_id', releaseId);
  const { status, impact } = planState(workflows, WORKFLOW_KINDS);
  await effect.change(RELEASE, releaseId, { status, impact });
}

/** An approval task has at least as many approvers as the approvals it needs. */
async function assertApprovers(effect: RecordEffect): Promise<void> {
  const task = effect.after;
  if (!task || task['category'] !== 'approval' || !['category', 'required_approvals', 'approver_ids'].some((field) => field in effect.changed)) return;
  const needed = task['required_approvals'] as number;
  if ((await effect.records.linkIds(TASK, 'approver_ids', effect.id)).length < needed) {
    throw validationFailed([['approver_ids', `Approvers: an approval task needs at least ${needed}, its required approvals`]]);
  }
}

/** A task created, changed or deleted: its workflow settles (its predecessors checked when they changed). */
export async function taskEffects(effect: RecordEffect): Promise<void> {
  await assertApprovers(effect);
  const workflowId = (effect.after ?? effect.before)!['workflow_id'];
  if (typeof workflowId !== 'number') return;
  await settleWorkflow(effect, workflowId, effect.after && 'predecessor_ids' in effect.changed ? effect.id : undefined);
}

/** A workflow created or changed: it settles (its start may have come); a release it left settles too. */
export async function workflowEffects(effect: RecordEffect): Promise<void> {
  if (!effect.after) return;
  const left = effect.before?.['release_id'];
  if ('release_id' in effect.changed && typeof left === 'number') await settleRelease(effect, left);
  await settleWorkflow(effect, effect.id);
}
