/**
 * The records whose writes bring changes to other records (record-effects.ts), by noun: the
 * per-record code of lifecycles that span records (docs/decisions/047).
 */
import { taskEffects, workflowEffects } from '../workflows/work-plan-lifecycle.js';
import type { RecordEffects } from './record-effects.js';

export const LIFECYCLES: ReadonlyMap<string, RecordEffects> = new Map([
  ['task', taskEffects],
  ['workflow', workflowEffects],
]);
