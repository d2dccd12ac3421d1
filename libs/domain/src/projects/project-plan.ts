/**
 * A project as a plan of project tasks (work-plan-lifecycle.ts; docs/decisions/050). The platform
 * gives a project no start: it has started once it exists, so a project task is assigned as soon
 * as it is created or its predecessors are finished.
 */
import type { RecordEffect } from '../record-engine/record-effects.js';
import { approvableOf, assertDeciders } from '../workflows/approvable.js';
import { partEffects, type WorkPlan } from '../workflows/work-plan-lifecycle.js';
import { PROJECT } from './project.record.js';
import { PROJECT_TASK } from './project-task.record.js';

export const PROJECT_PLAN: WorkPlan = {
  plan: PROJECT,
  part: PROJECT_TASK,
  parent: 'project_id',
  predecessors: 'predecessor_ids',
  started: () => true,
};

const settleTasksProject = partEffects(PROJECT_PLAN);

/** A project task created, changed or deleted: an approval one is assigned to enough people, and its project settles. */
export async function projectTaskEffects(effect: RecordEffect): Promise<void> {
  await assertDeciders(effect, approvableOf(PROJECT_TASK));
  await settleTasksProject(effect);
}
