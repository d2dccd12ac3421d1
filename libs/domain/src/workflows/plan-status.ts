/**
 * A plan's status from its parts' (docs/decisions/051; RECORDS.md §3: a workflow's from its tasks,
 * a release's from its workflows, a project's from its tasks): completed once every part is done,
 * halted while a part is halted, registered while none has moved, in progress otherwise. A plan
 * with no parts is registered. Its impact is its parts' highest.
 */
import { IMPACTS } from './task-statuses.js';

export interface PlanState {
  status: string;
  completion_reason: string | null;
  impact: string | null;
}

export function planState(parts: ReadonlyArray<Readonly<Record<string, unknown>>>, kinds: { done: readonly string[]; halted: readonly string[]; waiting: string }): PlanState {
  const statuses = parts.map((part) => part['status'] as string);
  const impact = parts.reduce<string | null>((highest, part) => {
    const rank = IMPACTS.indexOf(part['impact'] as (typeof IMPACTS)[number]);
    return rank > IMPACTS.indexOf(highest as (typeof IMPACTS)[number]) ? IMPACTS[rank]! : highest;
  }, null);
  const state = (status: string): PlanState => ({ status, completion_reason: status === 'completed' ? 'complete' : null, impact });
  if (statuses.length === 0 || statuses.every((status) => status === kinds.waiting)) return state('registered');
  if (statuses.every((status) => kinds.done.includes(status))) return state('completed');
  if (statuses.some((status) => kinds.halted.includes(status))) return state('progress_halted');
  return state('in_progress');
}
