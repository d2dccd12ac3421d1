/**
 * A rule's trigger (../shared/RECORDS.md automation_rule `trigger`), parsed at write time to a
 * closed set: `on create`, `on update`, `on status update` (any field: `on member update`),
 * `on note added`. `on create or update` is both.
 */
import type { AutomationRunJob } from '../jobs/job-contract.js';
import { readFields } from './rule-variables.js';
import type { RuleSubject } from './rule-subjects.js';

export type RuleTrigger = { on: 'create' } | { on: 'update' } | { on: 'create or update' } | { on: 'note added' } | { on: 'field update'; field: string };

const FORMS = "'on create', 'on update', 'on create or update', 'on note added' or 'on <field> update'";

export function parseTrigger(text: string, subject: RuleSubject): { ok: true; trigger: RuleTrigger } | { ok: false; message: string } {
  const words = text.trim().toLowerCase().split(/\s+/).join(' ');
  if (words === 'on create' || words === 'on update' || words === 'on create or update' || words === 'on note added') return { ok: true, trigger: { on: words.slice(3) as 'create' } };
  const field = /^on ([a-z_]+) update$/.exec(words)?.[1];
  if (field === undefined) return { ok: false, message: `a trigger is ${FORMS}, not '${text.trim()}'` };
  const found = readFields(subject).find((each) => each.read === field || each.name === field);
  if (!found) return { ok: false, message: `unknown field '${field}' of ${subject.what}` };
  return { ok: true, trigger: { on: 'field update', field: found.name } };
}

/** Whether the change a run job describes is one the trigger fires on. */
export function triggerFires(trigger: RuleTrigger, change: Pick<AutomationRunJob, 'action' | 'previous' | 'verbs'>): boolean {
  switch (trigger.on) {
    case 'create': return change.action === 'create';
    case 'update': return change.action === 'update';
    case 'create or update': return true;
    case 'note added': return change.verbs.includes('note-added');
    case 'field update': return change.action === 'update' && trigger.field in change.previous;
  }
}
