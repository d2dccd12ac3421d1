/**
 * The lifecycle of a plan and its parts — a workflow and its tasks, a project and its project
 * tasks (docs/decisions/051, 050) — as record effects (record-effects.ts) that run in the
 * transaction of the change that causes them, for a plan described as data (WorkPlan):
 * - a part's predecessors are parts of its plan, never itself or a part that waits on it;
 * - once the plan has started, each registered part whose predecessors are all finished is
 *   assigned;
 * - the plan's status (and, where it keeps them, its completion and impact) follow its parts.
 * The plan's row is locked before its parts are read, so two parts finished at once see each
 * other: the second to lock sees the first committed.
 */
import { validationFailed } from '../errors/domain-error.js';
import type { RecordDefinition } from '../record-engine/define-record.js';
import type { RecordEffect, RecordEffects, StoredRecord } from '../record-engine/record-effects.js';
import type { RecordRow } from '../record-engine/record-store.repository.js';
import { planState } from './plan-status.js';
import { FINISHED, HALTED } from './task-statuses.js';

/** A plan of parts, as data: which records, how a part names its plan and its predecessors, when the plan has started. */
export interface WorkPlan {
  /** The plan (a workflow, a project): its status, and the other fields of planState it keeps as `service` fields, follow its parts. */
  plan: RecordDefinition;
  /** Its parts (tasks, project tasks), with task statuses (task-statuses.ts). */
  part: RecordDefinition;
  /** The part's reference to its plan (`workflow_id`). */
  parent: string;
  /** The part's link list of the parts it waits on (`predecessor_ids`). */
  predecessors: string;
  /** Whether the plan, as stored, has started by `now`: its parts are assigned from then on. */
  started(plan: RecordRow, now: Date): boolean;
  /** What follows the plan's settling (a workflow's release follows it). */
  then?(effect: RecordEffect, plan: RecordRow): Promise<void>;
}

const PART_KINDS = { done: FINISHED, halted: HALTED, waiting: 'registered' };

/** Predecessors of parts of one plan: of the same plan, and no part waiting on itself through them. */
function predecessorProblems(shape: WorkPlan, part: number, parts: readonly StoredRecord[], pairs: ReadonlyArray<[number, number]>): string | null {
  const ofPlan = new Set(parts.map((row) => row.id));
  const mine = pairs.filter(([self]) => self === part).map(([, other]) => other);
  const strangers = mine.filter((id) => !ofPlan.has(id));
  if (strangers.length > 0) return `Predecessors: not ${shape.part.plural} of the same ${shape.plan.what}: ${strangers.join(', ')}`;
  // Whether the part is reached again by following predecessors from it.
  const seen = new Set<number>();
  const stack = [...mine];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === part) return `Predecessors: the ${shape.part.what} would wait on itself`;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...pairs.filter(([self]) => self === id).map(([, other]) => other));
  }
  return null;
}

/**
 * Settles one plan: checks the predecessors of `checkPart` when they changed, assigns the ready
 * parts of a started plan and moves the plan's derived fields; then what follows it.
 */
export async function settlePlan(effect: RecordEffect, shape: WorkPlan, planId: number, checkPart?: number): Promise<void> {
  const plan = await effect.records.findForUpdate(shape.plan, effect.account, planId);
  if (!plan) return;
  const parts = await effect.records.rowsWhere(shape.part, effect.account, shape.parent, planId);
  const pairs = await effect.records.linkPairs(shape.part, shape.predecessors, parts.map((part) => part.id));
  if (checkPart !== undefined) {
    const problem = predecessorProblems(shape, checkPart, parts, pairs);
    if (problem) throw validationFailed([[shape.predecessors, problem]]);
  }
  if (shape.started(plan, await effect.now())) {
    const status = new Map(parts.map((part) => [part.id, part['status'] as string]));
    for (const part of parts) {
      if (part['status'] !== 'registered') continue;
      const waitsOn = pairs.filter(([self]) => self === part.id).map(([, other]) => status.get(other));
      if (!waitsOn.every((other) => other !== undefined && FINISHED.includes(other))) continue;
      await effect.change(shape.part, part.id, { status: 'assigned' });
      part['status'] = 'assigned';
    }
  }
  const state = planState(parts, PART_KINDS);
  await effect.change(shape.plan, planId, Object.fromEntries(Object.entries(state).filter(([field]) => shape.plan.service.includes(field))));
  await shape.then?.(effect, plan);
}

/** The effects of a part: created, changed or deleted, its plan settles (its predecessors checked when they changed). */
export function partEffects(shape: WorkPlan): RecordEffects {
  return async (effect) => {
    const planId = (effect.after ?? effect.before)![shape.parent];
    if (typeof planId !== 'number') return;
    await settlePlan(effect, shape, planId, effect.after && shape.predecessors in effect.changed ? effect.id : undefined);
  };
}
