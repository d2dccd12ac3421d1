/**
 * Who may write a record of the engine (define-record.ts `writers`): the scope of the operation,
 * and a writer's role, or, for a record with `own`, being the person the record names there.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { RecordDefinition } from './define-record.js';
import type { RecordRow } from './record-store.repository.js';

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
