/**
 * The checks of a record's write (docs/decisions/039): its declaration, its own `check` and `rules`,
 * its references and the references that must agree, its parent tree, dates in order, its lookups
 * and its unique field; every problem at once, in the declaration's order.
 */
import { type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Transaction } from '../ports/unit-of-work.js';
import { checkRecordInput, inDeclarationOrder } from '../records/check-record-input.js';
import { takenAsRead } from '../records/names-as-read.js';
import { humanizeField } from '../records/record-fields.js';
import type { RecordDefinition } from './define-record.js';
import { referenceProblems } from './record-references.js';
import type { RecordRow } from './record-store.repository.js';
import { referenceTarget } from './registry.js';

type Tx = Pick<Transaction, 'records'>;

/** The fields stored in the record's own row: written or stamped, and not a link list nor values of an account. */
export function storedFields(def: RecordDefinition): string[] {
  return Object.entries(def.fields.fields)
    .filter(([name, field]) => (field.write || name in def.stamps || def.service.includes(name)) && field.type !== 'references' && !(name in def.accountValues))
    .map(([name]) => name);
}

export function taken(def: RecordDefinition, value: unknown): FieldError {
  const text = String(value ?? '');
  return def.uniqueness.taken ? [def.unique!, def.uniqueness.taken(text)] : takenAsRead(def.unique!, text);
}

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

export const targetOf = (def: RecordDefinition, name: string) => (def.fields.fields[name] as { target: string }).target;

/** The values after every check of the declaration, the references and the unique field; throws every problem at once. */
export async function checked(def: RecordDefinition, tx: Tx, access: AccessContext, input: object, mode: 'create' | 'change', current?: RecordRow & { id?: number }): Promise<Record<string, unknown>> {
  const id = current?.id;
  const { values, errors } = checkRecordInput(def.fields, input as Record<string, unknown>, mode);
  const account = access.account.id;
  const declared = new Set(errors.map(([field]) => field));
  errors.push(...def.check(Object.fromEntries(Object.entries(values).filter(([field]) => !declared.has(field)))));
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
  const record = Object.fromEntries(storedFields(def).map((name) => [name, valueOf(name)]));
  const ruled = def.rules(record, mode === 'change' ? current : undefined);
  errors.push(...ruled);
  if (def.lookups && ruled.length === 0) errors.push(...(await def.lookups(record, { account, id, store: tx.records })));
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
