/**
 * What the engine sets on a record beyond the values written (define-record.ts `defaults` and
 * `stamps`): a default that is the caller (`CALLER`: a problem's manager) or a field of a record
 * another field names (`{ from: 'service_id', take: 'support_team_id' }`: a problem's team is its
 * service's support team), and a moment stamped when a field takes one of some values (a
 * problem's `solved_at` when it is solved) and cleared when it leaves them.
 */
import type { AccessContext } from '../identity/access-context.js';
import { CALLER } from './caller.js';
import type { RecordDefinition } from './define-record.js';
import type { RecordRow, RecordStore } from './record-store.repository.js';
import { referenceTarget } from './registry.js';


/** A default taken from the record another reference of the same create names. */
export interface DefaultFrom {
  from: string;
  take: string;
}

const isFrom = (value: unknown): value is DefaultFrom => typeof value === 'object' && value !== null && 'from' in value && 'take' in value;

/** The value of each field not written in a create: its default, resolved. */
export async function createDefaults(def: RecordDefinition, access: AccessContext, values: RecordRow, store: Pick<RecordStore, 'columnValue'>): Promise<RecordRow> {
  const defaults: RecordRow = {};
  if (def.writers.own !== undefined) defaults[def.writers.own] = access.person.id;
  for (const [field, value] of Object.entries(def.defaults)) {
    if (value === CALLER) defaults[field] = access.person.id;
    else if (!isFrom(value)) defaults[field] = value;
    else {
      const id = values[value.from];
      const target = def.fields.fields[value.from];
      if (typeof id !== 'number' || target?.type !== 'reference') continue;
      defaults[field] = await store.columnValue(referenceTarget(target.target).table, id, value.take);
    }
  }
  return defaults;
}

/** Whether a write touches what a stamp follows (a create always does, with its value). */
export const touchesStamps = (def: RecordDefinition, written: RecordRow): boolean => Object.values(def.stamps).some((stamp) => stamp.when in written);

/** The stamps a write sets or clears: `before` is the row before a change, none for a create. */
export function stampValues(def: RecordDefinition, written: RecordRow, now: Date, before?: RecordRow): RecordRow {
  const values: RecordRow = {};
  for (const [field, stamp] of Object.entries(def.stamps)) {
    if (!(stamp.when in written)) continue;
    const [was, is] = [before !== undefined && stamp.in.includes(before[stamp.when] as string), stamp.in.includes(written[stamp.when] as string)];
    if (is && !was) values[field] = now;
    else if (!is && (was || before === undefined)) values[field] = null;
  }
  return values;
}
