/**
 * The use cases of every record of the engine (docs/decisions/039), REST and GraphQL alike.
 * Reads need `<noun>:Read`; a record of another account is not found. A write needs the
 * definition's writers (its roles, or the record's own person: define-record.ts `own`) and
 * `<noun>:Create` / `<noun>:Update` / `<noun>:Delete`, is checked against the declaration,
 * its references and its unique field, every problem at once, and in one transaction writes
 * the record, its links, one audit line and `<noun>.create` / `.update` / `.delete` through
 * the one outbox (outbox/record-change.ts). A change that changes nothing writes nothing.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { PublishedEvent } from '../events/event-payloads.js';
import { forbidden, notFound, validationFailed, type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import { recordChange } from '../outbox/record-change.js';
import type { Repositories, Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import { checkRecordInput, inDeclarationOrder } from '../records/check-record-input.js';
import { takenAsRead } from '../records/names-as-read.js';
import { humanizeField } from '../records/record-fields.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { RecordDefinition } from './define-record.js';
import { recordPayload } from './record-payload.js';
import { referenceProblems } from './record-references.js';
import { referenceTarget } from './registry.js';
import type { RecordRow, RecordView } from './record-store.repository.js';

type Reads = Pick<Repositories, 'records'>;
type Writes = UnitOfWork<'records' | 'auditLines' | 'jobs'>;
type Tx = Pick<Transaction, 'records' | 'auditLines' | 'jobs'>;

export async function listRecords(def: RecordDefinition, access: AccessContext, query: CollectionQuery, repos: Reads): Promise<Page<RecordView>> {
  assertAllowed(access, def.noun, 'Read');
  return repos.records.page(def, access.account.id, query);
}

export async function getRecord(def: RecordDefinition, access: AccessContext, id: number, repos: Reads): Promise<RecordView> {
  assertAllowed(access, def.noun, 'Read');
  const view = await repos.records.find(def, access.account.id, id);
  if (!view) throw notFound();
  return view;
}

type Operation = 'Create' | 'Update' | 'Delete';

const hasWriterRole = (def: RecordDefinition, access: AccessContext) => def.writers.roles.some((role) => access.roles.includes(role));

/** Before anything is read: the scope, and a writer's role unless the record may be the caller's own. */
function assertWriter(def: RecordDefinition, access: AccessContext, operation: Operation): void {
  if (!hasWriterRole(def, access) && def.writers.own === undefined) throw forbidden(def.writers.rule);
  assertAllowed(access, def.noun, operation);
}

/** A caller without a writer's role writes only records whose `own` person is the caller, before and after the write. */
function assertOwn(def: RecordDefinition, access: AccessContext, ...rows: RecordRow[]): void {
  const own = def.writers.own;
  if (own === undefined || hasWriterRole(def, access)) return;
  if (rows.some((row) => row[own] !== access.person.id)) throw forbidden(def.writers.rule);
}

/** The fields stored in the record's own row: written, and not a link list. */
export function storedFields(def: RecordDefinition): string[] {
  return Object.entries(def.fields.fields).filter(([, field]) => field.write && field.type !== 'references').map(([name]) => name);
}

const taken = (def: RecordDefinition, value: unknown) => takenAsRead(def.unique!, String(value ?? ''));

/** Each value as given, else as stored. */
const resulting = (valid: Record<string, unknown>, current?: RecordRow) => (field: string) => (field in valid ? valid[field] : current?.[field]) ?? null;

/** References whose records do not share the field they agree on (define-record.ts `agree`). */
async function disagreements(def: RecordDefinition, tx: Tx, valid: Record<string, unknown>, flagged: ReadonlySet<string>, current?: RecordRow): Promise<FieldError[]> {
  const valueOf = resulting(valid, current);
  const errors: FieldError[] = [];
  for (const [name, { with: other, on }] of Object.entries(def.agree)) {
    const [id, otherId] = [valueOf(name), valueOf(other)];
    if (flagged.has(name) || flagged.has(other) || typeof id !== 'number' || typeof otherId !== 'number') continue;
    const [mine, theirs] = [referenceTarget(targetOf(def, name)), referenceTarget(targetOf(def, other))];
    if (await tx.records.sameValue(on, mine.table, id, theirs.table, otherId)) continue;
    errors.push([name, `${humanizeField(mine.what)}: not one of the ${theirs.what}’s ${on.replace(/_id$/, '').replaceAll('_', ' ')}`]);
  }
  return errors;
}

const targetOf = (def: RecordDefinition, name: string) => (def.fields.fields[name] as { target: string }).target;

/** The values after every check of the declaration, the references and the unique field; throws every problem at once. */
async function checked(def: RecordDefinition, tx: Tx, access: AccessContext, input: object, mode: 'create' | 'change', current?: RecordRow & { id: number }): Promise<Record<string, unknown>> {
  const id = current?.id;
  const { values, errors } = checkRecordInput(def.fields, input as Record<string, unknown>, mode);
  const account = access.account.id;
  const flagged = new Set(errors.map(([field]) => field));
  const valid = Object.fromEntries(Object.entries(values).filter(([field]) => !flagged.has(field)));
  errors.push(...(await referenceProblems(tx.records, access.account, def, valid)));
  errors.push(...(await disagreements(def, tx, valid, new Set(errors.map(([field]) => field)), current)));
  const parent = def.parent === null ? undefined : valid[def.parent];
  if (id !== undefined && typeof parent === 'number' && (await tx.records.isSelfOrBelow(def, def.parent!, id, parent))) {
    errors.push([def.parent!, `${humanizeField(def.parent!.replace(/_id$/, ''))}: not the ${def.what} itself or one below it`]);
  }
  errors.push(...outOfOrder(def, valid, current));
  const valueOf = resulting(valid, current);
  errors.push(...def.rules(Object.fromEntries(storedFields(def).map((name) => [name, valueOf(name)]))));
  const unique = def.unique === null ? undefined : valid[def.unique];
  if (typeof unique === 'string' && (await tx.records.idWith(def, account, def.unique!, unique, id)) !== null) errors.push(taken(def, unique));
  assertValidInput(input, inDeclarationOrder(def.fields, errors));
  return values as Record<string, unknown>;
}

/** A date or datetime given or kept before the one it may not precede, as the record would be once written. */
function outOfOrder(def: RecordDefinition, given: Record<string, unknown>, current: RecordRow = {}): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(def.fields.fields)) {
    if ((field.type !== 'date' && field.type !== 'datetime') || field.notBefore === undefined || !(name in given || field.notBefore in given)) continue;
    const [value, earliest] = [name, field.notBefore].map((key) => (key in given ? given[key] : current[key]));
    // Days compare as their YYYY-MM-DD text; moments as times (given: a Date; stored: a Date).
    const [at, from] = field.type === 'date' ? [value, earliest] : [value, earliest].map((moment) => (moment instanceof Date ? moment.getTime() : null));
    if ((typeof at === 'string' || typeof at === 'number') && typeof from === typeof at && at < from!) {
      errors.push([name, `${humanizeField(name)} may not be before the ${humanizeField(field.notBefore).toLowerCase()}`]);
    }
  }
  return errors;
}

/** A link list as stored: a list whose position is not its own is by id. */
const linkOrder = (def: RecordDefinition, field: string, ids: readonly number[]) =>
  def.links[field]!.position !== 'self' ? [...ids].sort((a, b) => a - b) : [...ids];

async function viewOf(def: RecordDefinition, tx: Tx, access: AccessContext, id: number): Promise<RecordView> {
  const view = await tx.records.find(def, access.account.id, id);
  if (!view) throw new Error(`${def.what} ${id} vanished`);
  return view;
}

const actorOf = (access: AccessContext) => ({ id: access.person.id, name: access.person.name });
const event = (def: RecordDefinition, verb: 'create' | 'update' | 'delete', view: RecordView) =>
  ({ name: `${def.noun}.${verb}`, ...(def.payloadFields ? { payload: recordPayload(def, view) } : {}) }) as PublishedEvent;

export async function createRecord(def: RecordDefinition, access: AccessContext, input: object, uow: Writes): Promise<RecordView> {
  assertWriter(def, access, 'Create');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const values = await checked(def, tx, access, input, 'create');
    const own = def.writers.own;
    const defaults = own === undefined ? def.defaults : { ...def.defaults, [own]: access.person.id };
    const row: RecordRow = Object.fromEntries(storedFields(def).map((name) => [name, values[name] ?? defaults[name] ?? null]));
    assertOwn(def, access, row);
    const id = await tx.records.insert(def, account, row);
    if (id === null) throw validationFailed([taken(def, row[def.unique!])]);
    const links: Record<string, number[]> = {};
    for (const field of Object.keys(def.links)) {
      links[field] = linkOrder(def, field, (values[field] as number[] | null | undefined) ?? []);
      if (links[field].length > 0) await tx.records.replaceLinks(def, field, id, links[field]);
    }
    const view = await viewOf(def, tx, access, id);
    await recordChange(tx, {
      account, record: { type: def.node, id }, action: 'create', actor: actorOf(access),
      source: null, sourceId: null, changes: { ...row, ...links }, events: [event(def, 'create', view)],
    });
    return view;
  });
}

export async function updateRecord(def: RecordDefinition, access: AccessContext, id: number, input: object, uow: Writes): Promise<RecordView> {
  assertWriter(def, access, 'Update');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const current = await tx.records.findForUpdate(def, account, id);
    if (!current) throw notFound();
    const values = await checked(def, tx, access, input, 'change', { ...current, id });
    const wanted = Object.fromEntries(Object.entries(values).filter(([name]) => !(name in def.links)));
    assertOwn(def, access, current, { ...current, ...wanted });
    const changed = changedFields<RecordRow>(current, wanted);
    const audit = auditPairs(current, changed);
    const links: Record<string, number[]> = {};
    for (const field of Object.keys(def.links)) {
      const before = await tx.records.linkIds(def, field, id);
      const given = values[field] as number[] | null | undefined;
      links[field] = given === undefined ? before : linkOrder(def, field, given ?? []);
      if (links[field].join() !== before.join()) audit[field] = [before, links[field]];
    }
    if (Object.keys(audit).length === 0) return viewOf(def, tx, access, id);

    // A change of the links alone changes the record too: its updated_at moves with them.
    if (!(await tx.records.update(def, id, changed))) throw validationFailed([taken(def, changed[def.unique!])]);
    for (const field of Object.keys(links)) if (field in audit) await tx.records.replaceLinks(def, field, id, links[field]!);
    const view = await viewOf(def, tx, access, id);
    await recordChange(tx, {
      account, record: { type: def.node, id }, action: 'update', actor: actorOf(access),
      source: null, sourceId: null, changes: audit, events: [event(def, 'update', view)],
    });
    return view;
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
    const current = await tx.records.findForUpdate(def, account, id);
    if (!current) throw notFound();
    assertOwn(def, access, current);
    const view = await viewOf(def, tx, access, id);
    const links = Object.fromEntries(await Promise.all(Object.keys(def.links).map(async (field) => [field, await tx.records.linkIds(def, field, id)])));
    await tx.records.delete(def, id);
    await recordChange(tx, {
      account, record: { type: def.node, id }, action: 'delete', actor: actorOf(access),
      source: null, sourceId: null, changes: { ...current, ...links }, events: [event(def, 'delete', view)],
    });
  });
}
