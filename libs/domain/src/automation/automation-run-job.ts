/**
 * The `automation-run` job of a change (docs/decisions/053): every change of a record rules exist
 * for, through the one outbox, queues one — in the same statement, and only if the account has an
 * enabled rule generic for the type or owned by the record (QueuedJob `onlyIfRules`), so an
 * account without rules pays one index probe and no job. It says what the rules need: what
 * changed, with the values before and after, the verbs fired, the note added, and how deep in a chain of
 * rules the change is (a rule's own changes are one deeper: automation-run.ts).
 */
import { JOBS, queuedJob, type QueuedJob } from '../jobs/job-contract.js';
import { ruleLaneFlag } from './rule-lane-flags.js';
import { ruleNounOfNode } from './rule-nouns.js';

export interface ChangeForRules {
  account: string;
  record: { type: string; id: number };
  action: 'create' | 'update' | 'delete';
  actor: { id: number } | null;
  source: string | null;
  changes: Record<string, unknown>;
  events: ReadonlyArray<{ name: string; payload?: Record<string, unknown> }>;
}

/** Keys of an audit line that are not fields: the notes a change added. */
const NOT_FIELDS = new Set(['notes', 'note_id']);

export function automationRunJob(change: ChangeForRules): QueuedJob | null {
  const noun = ruleNounOfNode(change.record.type);
  if (noun === undefined || change.action === 'delete') return null;
  const previous: Record<string, unknown> = {};
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(change.changes)) {
    if (NOT_FIELDS.has(field)) continue;
    if (change.action === 'create') changed[field] = value;
    else if (Array.isArray(value) && value.length === 2) [previous[field], changed[field]] = value;
  }
  const verbs = change.events.map(({ name }) => name.slice(name.indexOf('.') + 1));
  const noteId = change.events.find(({ name }) => name.endsWith('.note-added'))?.payload?.['note_id'];
  return queuedJob(
    JOBS.automationRun,
    {
      account_id: change.account, noun, record_id: change.record.id, actor_id: change.actor?.id ?? null, source: change.source,
      action: change.action, previous, changed, verbs, note_id: typeof noteId === 'number' ? noteId : null, depth: 0,
    },
    { onlyIfRules: { account: change.account, type: noun, id: change.record.id }, flags: [ruleLaneFlag(change.account)] },
  );
}
