/**
 * Fields only some callers read (define-record.ts `visible`; docs/decisions/033, a person's
 * primary e-mail): a caller with a role in the account reads them, and so does the person the
 * record's `own` field names; anyone else reads null and may not filter or sort on them, which
 * would reveal them a character at a time. REST and GraphQL alike.
 */
import { badParameter } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { readNameOf } from '../records/record-fields.js';
import type { RecordDefinition } from './define-record.js';

type Caller = Pick<AccessContext, 'person' | 'roles'>;

/** The person the record's `own` field names: its stored id, or the reference as a view reads it (`{id, name}`). */
function ownerOf(def: RecordDefinition, own: string, record: Readonly<Record<string, unknown>>): unknown {
  if (own in record) return record[own];
  const field = def.fields.fields[own];
  const read = field ? readNameOf(own, field) : null;
  return read === null ? undefined : (record[read] as { id?: unknown } | null | undefined)?.id;
}

/** Whether the caller reads the record's `field` (a field with no rule: yes). */
export function seesField(def: RecordDefinition, access: Caller, field: string, record: Readonly<Record<string, unknown>>): boolean {
  const rule = def.visible[field];
  return rule === undefined || access.roles.length > 0 || ownerOf(def, rule.own, record) === access.person.id;
}

/** The value of `field` as the caller may read it: null when they may not. */
export function visibleValue<T>(def: RecordDefinition, access: Caller, field: string, record: Readonly<Record<string, unknown>>): T | null {
  return seesField(def, access, field, record) ? (record[field] as T) : null;
}

/** The view with every field the caller may not read as null. */
export function visibleView<V extends object>(def: RecordDefinition, access: Caller, view: V): V {
  const record = view as Readonly<Record<string, unknown>>;
  const hidden = Object.keys(def.visible).filter((field) => field in record && record[field] !== null && !seesField(def, access, field, record));
  return hidden.length === 0 ? view : { ...view, ...Object.fromEntries(hidden.map((field) => [field, null])) };
}

/**
 * A query filtering or sorting on a field the caller may not read on every record is refused
 * (400); `named` is how the transport names the fields (GraphQL's `primaryEmail`).
 */
export function assertVisibleQuery(def: RecordDefinition, access: Caller, fieldsUsed: readonly string[], named: (field: string) => string = (field) => field): void {
  if (access.roles.length > 0) return;
  const field = Object.keys(def.visible).map(named).find((name) => fieldsUsed.includes(name));
  if (field !== undefined) throw badParameter(`Filtering or sorting on ${field} needs a role in the account`);
}
