/**
 * A matched rule's actions, applied through the use cases of any write (docs/decisions/053): a
 * record of the engine through its own (`updateRecord`, `addRecordNote`), a request through the
 * request's (`updateRequest`, `addRequestNote`), as the rule's owner, so their checks, access and
 * events are those of any write. The caller runs them all in one transaction.
 */
import type { AccessContext } from '../identity/access-context.js';
import { JOBS, queuedJob, type AutomationRunJob } from '../jobs/job-contract.js';
import { encodeNodeId } from '../node-id.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { addRecordNote } from '../record-engine/record-notes.js';
import { updateRecord } from '../record-engine/record-use-cases.js';
import { addRequestNote } from '../requests/add-request-note.js';
import { updateRequest } from '../requests/update-request.js';
import type { CompiledAction } from './compile-rule.js';
import { ruleLaneFlag } from './rule-lane-flags.js';
import type { RuleSubject } from './rule-subjects.js';

/** What a rule's run reads and writes: the parts of the use cases its actions go through, and its own. */
export type RuleParts =
  | 'people' | 'teams' | 'serviceInstances' | 'configurationItems' | 'templates' | 'suppliers' | 'problems' | 'workflows' | 'projects'
  | 'slas' | 'requests' | 'agileBoards' | 'notes' | 'records' | 'auditLines' | 'jobs' | 'outbox' | 'now' | 'automationRules';
export type RulePorts = UnitOfWork<RuleParts>;

export interface ActionContext {
  subject: RuleSubject;
  access: AccessContext;
  recordId: number;
  /** The record as the rule read it (its `record` variable). */
  record: Readonly<Record<string, unknown>>;
  job: AutomationRunJob;
  uow: RulePorts;
  /** Each list the rule's earlier actions changed, as they left it: the next action on it starts there. */
  lists: Map<string, unknown[]>;
}

/** The id a value names: an id, or a record read as `{id, …}`. */
const idOf = (value: unknown): unknown => (value !== null && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value);

/** What a `set` writes: a reference by id, a list of references by ids. */
function written(subject: RuleSubject, field: string, value: unknown): unknown {
  const type = subject.declaration.fields[field]?.type;
  if (type === 'reference') return idOf(value);
  if (type === 'references' && Array.isArray(value)) return value.map(idOf);
  return value;
}

async function change(ctx: ActionContext, input: Record<string, unknown>): Promise<void> {
  const { subject, access, recordId, uow } = ctx;
  if (subject.def) await updateRecord(subject.def, access, recordId, input, uow);
  else await updateRequest(access, recordId, input, uow);
}

/** The ids a link list holds now, as the rule read it. */
const heldIds = (ctx: ActionContext, field: string): unknown[] => {
  const read = Object.entries(ctx.record).find(([name]) => name === field.replace(/_ids$/, 's'));
  return ((read?.[1] as Array<{ id: number }> | undefined) ?? []).map((item) => item.id);
};

export async function applyAction(ctx: ActionContext, { action }: CompiledAction, value: unknown): Promise<void> {
  const { subject, access, recordId, uow } = ctx;
  switch (action.kind) {
    case 'set':
      return change(ctx, { [action.field]: written(subject, action.field, value) });
    case 'note': {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (subject.def) await addRecordNote(subject.def, access, recordId, { text }, uow);
      else await addRequestNote(access, recordId, { text }, uow);
      return;
    }
    case 'add': case 'remove': case 'clear': {
      const held = ctx.lists.get(action.field) ?? heldIds(ctx, action.field);
      const given = idOf(value);
      const ids = action.kind === 'clear' ? [] : action.kind === 'add' ? (held.includes(given) ? held : [...held, given]) : held.filter((id) => id !== given);
      ctx.lists.set(action.field, ids);
      return change(ctx, { [action.field]: ids });
    }
    case 'after': {
      const rule = await uow.repositories.automationRules.named(access.account.id, action.rule, { noun: subject.noun, id: recordId });
      if (!rule) throw new Error(`no automation rule of the account is named '${action.rule}'`);
      const runAt = new Date((await uow.transaction((tx) => tx.now())).getTime() + action.seconds * 1000);
      await uow.transaction((tx) => tx.jobs.enqueue([queuedJob(JOBS.automationRun, { ...ctx.job, rule_id: rule.id }, { runAt, flags: [ruleLaneFlag(access.account.id)] })]));
      return;
    }
    case 'webhook': {
      const webhook = await uow.repositories.automationRules.webhookNamed(access.account.id, action.webhook);
      if (!webhook) throw new Error(`no webhook of the account is named '${action.webhook}'`);
      if (webhook.event !== 'automation_rule') throw new Error(`webhook '${action.webhook}' is registered for ${webhook.event}, not automation_rule`);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`a webhook's payload is a map, not ${Array.isArray(value) ? 'a list' : typeof value}`);
      const { person } = access;
      await uow.transaction((tx) => tx.jobs.enqueue([queuedJob(JOBS.webhookEvent, {
        account_id: access.account.id, event: 'automation_rule', object_id: recordId, object_nodeID: encodeNodeId(subject.node, recordId),
        person_id: person.id, person_nodeID: encodeNodeId('Person', person.id), person_name: person.name, payload: value as Record<string, unknown>, webhook_id: webhook.id,
      })]));
      return;
    }
  }
}
