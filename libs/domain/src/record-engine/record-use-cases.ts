/**
 * The use cases of every record of the engine (docs/decisions/039), REST and GraphQL alike.
 * Reads (record-reads.ts) need `<noun>:Read`; a record of another account is not found (a write
 * naming one of the directory account, of a record read there too, is a 403: define-record.ts `directory`).
 * A write needs the definition's writers (its roles, or the record's own person:
 * define-record.ts `own`; a limited writer's responsibility for it: `limited`) and
 * `<noun>:Create` / `<noun>:Update` / `<noun>:Delete`, is checked against the declaration, the
 * record's `check`, its references and its unique field, every problem at once (record-checks.ts), and in one
 * transaction writes the record, its links, its values of the account, one audit line and
 * `<noun>.create` / `.update` / `.delete` through the one outbox (outbox/record-change.ts), and
 * the lists other records keep of it (record-owned-links.ts). A change that changes nothing
 * writes nothing.
 */
import { forbidden, notFound, validationFailed } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { peopleAccountsOf } from '../identity/account-access.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import { recordChange } from '../outbox/record-change.js';
import type { Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import type { AccountId } from '../tenancy/account-id.js';
import { NOW, type RecordDefinition } from './define-record.js';
import { createDefaults, stampValues, touchesStamps } from './record-defaults.js';
import { recordEvents } from './record-events.js';
import { changeOwnedLinks } from './record-owned-links.js';
import { assertOwn, assertResponsible, assertWriter } from './record-writers.js';
import { recordOfNode } from './registry.js';
import type { RecordRow, RecordView, SavedChange } from './record-store.repository.js';
import { dueTimerValues, givesTimedDay, timerJobs, withDueTimers } from './record-timers.js';
import { LIFECYCLES } from './lifecycles.js';
import { SYSTEM_SOURCE } from '../request-changes/change-sources.js';

import { checked, storedFields, taken, targetOf } from './record-checks.js';

/** The checks are in record-checks.ts, the reads in record-reads.ts; the use cases of a record are found here too. */
export { getRecord, listLinkedRecords, listRecords, type RecordQuery } from './record-reads.js';
export { storedFields } from './record-checks.js';

type Writes = UnitOfWork<'records' | 'auditLines' | 'jobs' | 'now'>;
type Tx = Pick<Transaction, 'records' | 'auditLines' | 'jobs' | 'now'>;

/** The link lists the record writes itself, and those kept in the other record's list (record-owned-links.ts). */
const ownLinks = (def: RecordDefinition) => Object.keys(def.links).filter((field) => def.links[field]!.owner !== 'other');
const ownedByOthers = (def: RecordDefinition) => Object.keys(def.links).filter((field) => def.links[field]!.owner === 'other');

/** The values of the account given (define-record.ts `accountValues`) as stored: a set in value order; null is none. */
function accountLists(def: RecordDefinition, values: Record<string, unknown>): Record<string, string[]> {
  const given = Object.keys(def.accountValues).filter((field) => values[field] !== undefined);
  return Object.fromEntries(given.map((field) => [field, [...new Set((values[field] as string[] | null) ?? [])].sort()]));
}

/** A record the account does not have: one of its directory account is changed there only (403); any other is not found. */
async function refuseAbsent(def: RecordDefinition, tx: Tx, access: AccessContext, id: number): Promise<never> {
  if (def.directory && (await tx.records.missingIds(def.table, peopleAccountsOf(access.account), [id])).length === 0) throw forbidden(def.directory.rule);
  throw notFound();
}

/** A link list as stored: a list whose position is not its own is by id. */
const linkOrder = (def: RecordDefinition, field: string, ids: readonly number[]) =>
  def.links[field]!.position !== 'self' ? [...ids].sort((a, b) => a - b) : [...ids];

async function viewOf(def: RecordDefinition, tx: Tx, account: AccountId, id: number): Promise<RecordView> {
  const view = await tx.records.find(def, account, id);
  if (!view) throw new Error(`${def.what} ${id} vanished`);
  return view;
}

const actorOf = (access: AccessContext) => ({ id: access.person.id, name: access.person.name });

export async function createRecord(def: RecordDefinition, access: AccessContext, input: object, uow: Writes): Promise<RecordView> {
  assertWriter(def, access, 'Create');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    // The moments a create defaults to now, on the database clock, are known before the checks: an end
    // given before such a start is refused with every other problem.
    const clock = Object.values(def.defaults).includes(NOW) ? await tx.now() : null;
    const moments: RecordRow = Object.fromEntries(Object.entries(def.defaults).filter(([, value]) => value === NOW).map(([field]) => [field, clock]));
    const values = await checked(def, tx, access, input, 'create', moments);
    const defaults = { ...(await createDefaults(def, access, values, tx.records)), ...moments };
    // A value given, null included, is the value: a default is for a field not given.
    const row: RecordRow = Object.fromEntries(storedFields(def).map((name) => [name, values[name] !== undefined ? values[name] : (defaults[name] ?? null)]));
    assertOwn(def, access, row);
    await assertResponsible(def, access, tx.records, row, null);
    // Only a write giving a timed day or a stamped value asks the clock: the one the job queue runs by.
    const now = givesTimedDay(def, row, 'create') || touchesStamps(def, row) ? await tx.now() : null;
    if (now) Object.assign(row, dueTimerValues(def, row, now));
    if (now) Object.assign(row, stampValues(def, row, now));
    const id = await tx.records.insert(def, account, row);
    if (id === null) throw validationFailed([taken(def, row[def.unique!])]);
    const links: Record<string, number[]> = {};
    for (const field of ownLinks(def)) {
      links[field] = linkOrder(def, field, (values[field] as number[] | null | undefined) ?? []);
      if (links[field].length > 0) await tx.records.replaceLinks(def, field, id, links[field]);
    }
    const lists = { ...Object.fromEntries(Object.keys(def.accountValues).map((field) => [field, []])), ...accountLists(def, values) };
    for (const [field, list] of Object.entries(lists)) if (list.length > 0) await tx.records.replaceAccountValues(def, field, account, id, list);
    const view = await viewOf(def, tx, account, id);
    await recordChange(tx, {
      account, record: { type: def.node, id }, action: 'create', actor: actorOf(access),
      source: null, sourceId: null, changes: { ...row, ...lists, ...links }, events: recordEvents(def, view), jobs: now ? timerJobs(def, account, id, row, now).jobs : [],
    });
    // After the record's own event: each other record whose list now holds it fires its own.
    for (const field of ownedByOthers(def)) await changeOwnedLinks(def, tx, access, field, id, (values[field] as number[] | null | undefined) ?? [], saveRecordChange);
    if (!(await runEffects(def, tx, account, id, { before: null, after: row, changed: { ...row, ...links } }))) return view;
    return viewOf(def, tx, account, id);
  });
}

export async function updateRecord(def: RecordDefinition, access: AccessContext, id: number, input: object, uow: Writes): Promise<RecordView> {
  assertWriter(def, access, 'Update');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const current = await lockForChange(def, tx, account, id);
    if (!current) return refuseAbsent(def, tx, access, id);
    await assertResponsible(def, access, tx.records, current, id);
    const values = await checked(def, tx, access, input, 'change', { ...current, id });
    const wanted = Object.fromEntries(Object.entries(values).filter(([name]) => !(name in def.links) && !(name in def.accountValues)));
    assertOwn(def, access, current, { ...current, ...wanted });
    const changed = changedFields<RecordRow>(current, wanted);
    const now = givesTimedDay(def, changed, 'change') || touchesStamps(def, changed) ? await tx.now() : null;
    if (now) withDueTimers(changed, current, dueTimerValues(def, changed, now, current));
    if (now) Object.assign(changed, changedFields<RecordRow>(current, stampValues(def, changed, now, current)));
    const audit = auditPairs(current, changed);
    const links: Record<string, number[]> = {};
    // The other records' changes, which the record's own does not include (docs/decisions/035).
    for (const field of ownedByOthers(def)) {
      const given = values[field] as number[] | null | undefined;
      if (given !== undefined) await changeOwnedLinks(def, tx, access, field, id, given ?? [], saveRecordChange);
    }
    for (const field of ownLinks(def)) {
      const given = values[field] as number[] | null | undefined;
      const before = await tx.records.linkIds(def, field, id);
      links[field] = given === undefined ? before : linkOrder(def, field, given ?? []);
      if (links[field].join() !== before.join()) audit[field] = [before, links[field]];
    }
    for (const [field, list] of Object.entries(accountLists(def, values))) {
      const before = await tx.records.accountValues(def, field, account, id);
      if (list.join() !== before.join()) audit[field] = [before, list];
    }
    if (Object.keys(audit).length === 0) return viewOf(def, tx, account, id);
    for (const field of Object.keys(def.accountValues)) if (field in audit) await tx.records.replaceAccountValues(def, field, account, id, (audit[field] as [string[], string[]])[1]);

    const timers = now ? timerJobs(def, account, id, changed, now) : { jobs: [], cancel: [] };
    for (const key of timers.cancel) await tx.jobs.cancel(key);
    return saveRecordChange(def, tx, { account, id, before: current, changed, links, audit, actor: actorOf(access), source: null, jobs: timers.jobs });
  });
}

/**
 * Deletes a record whose catalogue has `<noun>.delete`: the record and its links go, one audit
 * line keeps what it held, and `<noun>.delete` fires with it. Another account's is not found.
 */
export async function deleteRecord(def: RecordDefinition, access: AccessContext, id: number, uow: Writes): Promise<void> {
  if (!def.deletable) throw new Error(`${def.what} is not deleted`);
  assertWriter(def, access, 'Delete');
  const account = access.account.id;
  await uow.transaction(async (tx) => {
    const current = await lockForChange(def, tx, account, id);
    if (!current) return refuseAbsent(def, tx, access, id);
    assertOwn(def, access, current);
    await assertResponsible(def, access, tx.records, current, id);
    const view = await viewOf(def, tx, account, id);
    const links = Object.fromEntries(await Promise.all(Object.keys(def.links).map(async (field) => [field, await tx.records.linkIds(def, field, id)])));
    await tx.records.delete(def, id);
    await recordChange(tx, {
      account, record: { type: def.node, id }, action: 'delete', actor: actorOf(access),
      source: null, sourceId: null, changes: { ...current, ...links }, events: recordEvents(def, view, { deleted: true }),
    });
    await runEffects(def, tx, account, id, { before: current, after: null, changed: {} });
  });
}

/** Writes a change of a record that changes something: its row, its links, one audit line, its events (record-events.ts) and the change's jobs; the record after it. */
export async function saveRecordChange(def: RecordDefinition, tx: Tx, change: SavedChange): Promise<RecordView> {
  const { account, id, changed, links, audit } = change;
  // A change of the links alone changes the record too: its updated_at moves with them.
  if (!(await tx.records.update(def, id, changed))) throw validationFailed([taken(def, changed[def.unique!])]);
  for (const field of Object.keys(links)) if (field in audit) await tx.records.replaceLinks(def, field, id, links[field]!);
  const view = await tx.records.find(def, account, id);
  if (!view) throw new Error(`${def.what} ${id} vanished`);
  await recordChange(tx, {
    account, record: { type: def.node, id }, action: 'update', actor: change.actor,
    source: change.source, sourceId: null, changes: audit, events: recordEvents(def, view, { before: change.before, changed }), jobs: change.jobs,
  });
  if (change.effects === false) return view;
  const linked = Object.fromEntries(Object.keys(links).filter((field) => field in audit).map((field) => [field, links[field]]));
  const effected = await runEffects(def, tx, account, id, { before: change.before, after: { ...change.before, ...changed }, changed: { ...changed, ...linked } });
  return effected ? viewOf(def, tx, account, id) : view;
}

/**
 * The record's stored values, locked until the transaction ends, after the record it is created
 * under (a task's workflow; define-record.ts RecordParent `create`): every write that may settle a
 * plan locks the plan before its part, so a part's change and its plan's settling never each hold
 * what the other waits for (docs/decisions/051). Null when there is none.
 */
export async function lockForChange(def: RecordDefinition, tx: Pick<Tx, 'records'>, account: AccountId, id: number): Promise<RecordRow | null> {
  const under = Object.entries(def.parents).find(([, parent]) => parent.create);
  const plan = under && recordOfNode(targetOf(def, under[0]));
  if (under && plan) {
    const planId = await tx.records.columnValue(def.table, id, def.fields.fields[under[0]]!.column ?? under[0]);
    if (typeof planId === 'number') await tx.records.findForUpdate(plan, account, planId);
  }
  return tx.records.findForUpdate(def, account, id);
}

/** Runs the record's effects as its timed value `field` comes, the record unchanged (a workflow's start: record-timers.ts). */
export async function settleRecord(def: RecordDefinition, tx: Tx, account: AccountId, id: number, field: string): Promise<void> {
  const current = await lockForChange(def, tx, account, id);
  if (current) await runEffects(def, tx, account, id, { before: current, after: current, changed: { [field]: current[field] } });
}

/** Runs the record's effects (lifecycles.ts) on a write; whether it has any. */
async function runEffects(def: RecordDefinition, tx: Tx, account: AccountId, id: number, write: { before: RecordRow | null; after: RecordRow | null; changed: RecordRow }): Promise<boolean> {
  const effects = LIFECYCLES.get(def.noun);
  if (!effects) return false;
  await effects({
    def, account, id, ...write, records: tx.records, now: () => tx.now(),
    change: (target, targetId, values) => changeRecordAs(target, tx, account, targetId, values),
  });
  return true;
}

/**
 * A change a record's own rules make, past the caller's checks: the values that differ, with their
 * stamps; the values after it, or null. Made by the service, bringing nothing further (record-effects.ts
 * `change`), or by a person whose act causes it, with the record's effects (an approval task approved
 * by its last approver: task-approvals.ts).
 */
export async function changeRecordAs(def: RecordDefinition, tx: Tx, account: AccountId, id: number, values: RecordRow, by: { actor: { id: number; name: string } } | 'service' = 'service'): Promise<RecordRow | null> {
  // The service's change comes from an effect, which holds the plan already.
  const current = by === 'service' ? await tx.records.findForUpdate(def, account, id) : await lockForChange(def, tx, account, id);
  if (!current) return null;
  const changed = changedFields<RecordRow>(current, values);
  if (touchesStamps(def, changed)) Object.assign(changed, changedFields<RecordRow>(current, stampValues(def, changed, await tx.now(), current)));
  if (Object.keys(changed).length === 0) return null;
  const [actor, source] = by === 'service' ? [null, SYSTEM_SOURCE] : [by.actor, null];
  await saveRecordChange(def, tx, { account, id, before: current, changed, links: {}, audit: auditPairs(current, changed), actor, source, jobs: [], ...(by === 'service' ? { effects: false as const } : {}) });
  return { ...current, ...changed };
}
