/**
 * Who may write a record of the engine (define-record.ts `writers`): the scope of the operation,
 * and a writer's role, or, for a record with `own`, being the person the record names there;
 * for a writer of a `limited` role, being responsible for the record.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { RecordDefinition, RecordLimited, RecordResponsibility } from './define-record.js';
import type { RecordRow, RecordStore } from './record-store.repository.js';
import { referenceTarget } from './registry.js';

export type Operation = 'Create' | 'Update' | 'Delete';

const hasWriterRole = (def: RecordDefinition, access: AccessContext) => def.writers.roles.some((role) => access.roles.includes(role));

/** Before anything is read: the scope, and a writer's role unless the record may be the caller's own. */
export function assertWriter(def: RecordDefinition, access: AccessContext, operation: Operation): void {
  if (!hasWriterRole(def, access) && def.writers.own === undefined) throw forbidden(def.writers.rule);
  assertAllowed(access, def.noun, operation);
}

/** A caller without a writer's role writes only records whose `own` person is the caller, before and after the write. */
export function assertOwn(def: RecordDefinition, access: AccessContext, ...rows: RecordRow[]): void {
  const own = def.writers.own;
  if (own === undefined || hasWriterRole(def, access)) return;
  if (rows.some((row) => row[own] !== access.person.id)) throw forbidden(def.writers.rule);
}

/** The responsibilities a caller needs, or none: a writer of a limited role only (define-record.ts RecordLimited). */
function limitOf(def: RecordDefinition, access: AccessContext): RecordLimited | undefined {
  const limited = def.writers.limited;
  if (limited === undefined || def.writers.roles.some((role) => !limited.roles.includes(role) && access.roles.includes(role))) return undefined;
  return limited;
}

type Lookups = Pick<RecordStore, 'inTeam' | 'linkIds' | 'columnValue'>;

/** Whether the record (`row` as stored; `id` null: not yet written) names the caller as `way` says. */
async function holds(def: RecordDefinition, way: RecordResponsibility, person: number, row: RecordRow, id: number | null, store: Lookups): Promise<boolean> {
  if ('team' in way) return typeof row[way.team] === 'number' && store.inTeam(row[way.team] as number, person);
  if ('link' in way) return id !== null && (await store.linkIds(def, way.link, id)).includes(person);
  if (way.parent === undefined) return row[way.person] === person;
  const parentId = row[way.parent];
  if (typeof parentId !== 'number') return false;
  const parent = referenceTarget((def.fields.fields[way.parent] as { target: string }).target);
  return (await store.columnValue(parent.table, parentId, way.person)) === person;
}

/**
 * A limited writer (RecordLimited) changes, deletes and notes only a record they are responsible
 * for as it is stored, and creates under a parent only where they are responsible for the parent
 * (the `parent` ways of `by`; none: any create). 403 with the rule's reason.
 */
export async function assertResponsible(def: RecordDefinition, access: AccessContext, store: Lookups, row: RecordRow, id: number | null): Promise<void> {
  const limited = limitOf(def, access);
  if (limited === undefined) return;
  const ways = id === null ? limited.by.filter((way) => 'parent' in way && way.parent !== undefined) : limited.by;
  if (id === null && ways.length === 0) return;
  for (const way of ways) if (await holds(def, way, access.person.id, row, id, store)) return;
  throw forbidden(limited.rule);
}
