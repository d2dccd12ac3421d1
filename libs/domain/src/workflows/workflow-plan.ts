/**
 * A workflow as a plan of tasks (work-plan-lifecycle.ts; docs/decisions/051): it starts at
 * `start_at`, and a release follows its workflows: its status and impact follow theirs.
 */
import { approvableOf, assertDeciders } from './approvable.js';
import type { RecordEffect } from '../record-engine/record-effects.js';
import { RELEASE } from '../releases/release.record.js';
import { planState } from './plan-status.js';
import { TASK } from './task.record.js';
import { WORKFLOW } from './workflow.record.js';
import { partEffects, settlePlan, type WorkPlan } from './work-plan-lifecycle.js';

const WORKFLOW_KINDS = { done: ['completed'], halted: ['progress_halted'], waiting: 'registered' };

async function settleRelease(effect: RecordEffect, releaseId: number): Promise<void> {
  if (!(await effect.records.findForUpdate(RELEASE, effect.account, releaseId))) return;
  const workflows = await effect.records.rowsWhere(WORKFLOW, effect.account, 'release_id', releaseId);
  const { status, impact } = planState(workflows, WORKFLOW_KINDS);
  await effect.change(RELEASE, releaseId, { status, impact });
}

export const WORKFLOW_PLAN: WorkPlan = {
  plan: WORKFLOW,
  part: TASK,
  parent: 'workflow_id',
  predecessors: 'predecessor_ids',
  started: (workflow, now) => workflow['start_at'] instanceof Date && workflow['start_at'] <= now,
  then: async (effect, workflow) => {
    if (typeof workflow['release_id'] === 'number') await settleRelease(effect, workflow['release_id']);
  },
};

const settleTasksWorkflow = partEffects(WORKFLOW_PLAN);

/** A task created, changed or deleted: its approvers are enough, and its workflow settles. */
export async function taskEffects(effect: RecordEffect): Promise<void> {
  await assertDeciders(effect, approvableOf(TASK));
  await settleTasksWorkflow(effect);
}

/** A workflow created or changed: it settles (its start may have come); a release it left settles too. */
export async function workflowEffects(effect: RecordEffect): Promise<void> {
  if (!effect.after) return;
  const left = effect.before?.['release_id'];
  if ('release_id' in effect.changed && typeof left === 'number') await settleRelease(effect, left);
  await settlePlan(effect, WORKFLOW_PLAN, effect.id);
}
