/**
 * The parts of a plan an approval is decided on by people (docs/decisions/051): a workflow's
 * approval task by its approvers, a project's approval task by the people it is assigned to, as on
 * the platform. Each names the list of those people and where they decide.
 */
import { validationFailed } from '../errors/domain-error.js';
import type { RecordDefinition } from '../record-engine/define-record.js';
import type { RecordEffect } from '../record-engine/record-effects.js';
import { PROJECT_TASK } from '../projects/project-task.record.js';
import { TASK } from './task.record.js';

export interface Approvable {
  def: RecordDefinition;
  /** The link list of the people who decide (`approver_ids`, `assignment_ids`). */
  deciders: string;
}

export const APPROVABLES: readonly Approvable[] = [
  { def: TASK, deciders: 'approver_ids' },
  { def: PROJECT_TASK, deciders: 'assignment_ids' },
];

export function approvableOf(def: RecordDefinition): Approvable {
  const approvable = APPROVABLES.find((candidate) => candidate.def === def);
  if (!approvable) throw new Error(`a ${def.what} is not decided on by approvers`);
  return approvable;
}

/** An approval part has at least as many deciders as the approvals it needs (a part's effect). */
export async function assertDeciders(effect: RecordEffect, { def, deciders }: Approvable): Promise<void> {
  const part = effect.after;
  if (!part || part['category'] !== 'approval' || !['category', 'required_approvals', deciders].some((field) => field in effect.changed)) return;
  const needed = part['required_approvals'] as number;
  if ((await effect.records.linkIds(def, deciders, effect.id)).length < needed) {
    const what = deciders === 'approver_ids' ? 'Approvers' : 'Assignments';
    throw validationFailed([[deciders, `${what}: an approval ${def.what} needs at least ${needed}, its required approvals`]]);
  }
}
