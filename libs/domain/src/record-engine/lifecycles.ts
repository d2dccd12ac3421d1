/**
 * The records whose writes bring changes to other records (record-effects.ts), by noun: the
 * per-record code of lifecycles that span records (docs/decisions/051, 050).
 */
import { taskEffects, workflowEffects } from '../workflows/workflow-plan.js';
import { projectTaskEffects } from '../projects/project-plan.js';
import type { RecordEffects } from './record-effects.js';

export const LIFECYCLES: ReadonlyMap<string, RecordEffects> = new Map([
  ['task', taskEffects],
  ['workflow', workflowEffects],
  ['project_task', projectTaskEffects],
]);
