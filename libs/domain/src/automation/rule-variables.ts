/**
 * What a rule's expressions read (docs/decisions/053): `record`, the record's read fields as its
 * REST answer has them (a reference `{id, name, nodeID}`); `previous`, the same before the change;
 * `person`, who made the change. Typed from the record's declaration, so an unknown field is a
 * compile error at write time.
 */
import { encodeNodeId } from '../node-id.js';
import { readNameOf, type FieldDeclaration } from '../records/record-fields.js';
import type { RuleValueType, RuleVariables } from './expressions-contract.js';
import type { RuleSubject } from './rule-subjects.js';

const REFERENCE: RuleValueType = { map: { id: 'int', name: 'string', nodeID: 'string' } };

function typeOf(field: FieldDeclaration): RuleValueType {
  switch (field.type) {
    case 'text': case 'enum': case 'date': return 'string';
    case 'integer': return 'int';
    case 'boolean': return 'bool';
    case 'datetime': return 'timestamp';
    case 'reference': return REFERENCE;
    case 'references': return { list: REFERENCE };
    default: return 'dyn';
  }
}

/** The read fields of the record, by read name, with the field each comes from. */
export function readFields(subject: RuleSubject): Array<{ read: string; name: string; field: FieldDeclaration }> {
  const fields = Object.entries(subject.declaration.fields).flatMap(([name, field]) => {
    const read = readNameOf(name, field);
    return read === null ? [] : [{ read, name, field }];
  });
  // A request's declaration leaves out what every record has.
  if (!fields.some((each) => each.read === 'id')) {
    fields.unshift({ read: 'id', name: 'id', field: { type: 'integer', description: 'Id' } });
    fields.push({ read: 'created_at', name: 'created_at', field: { type: 'datetime', description: 'Created' } }, { read: 'updated_at', name: 'updated_at', field: { type: 'datetime', description: 'Updated' } });
  }
  return fields;
}

export function ruleVariables(subject: RuleSubject): RuleVariables {
  const record: RuleValueType = { map: Object.fromEntries(readFields(subject).map(({ read, field }) => [read, typeOf(field)])) };
  return { record, previous: record, person: { map: { id: 'int', name: 'string' } } };
}

type Named = { id: number; name?: unknown; subject?: unknown } | null;

const ref = (target: string, value: Named, id: unknown, name: unknown) => {
  const key = value?.id ?? (typeof id === 'number' ? id : null);
  return key === null ? null : { id: key, name: value?.name ?? value?.subject ?? name ?? null, nodeID: encodeNodeId(target, key) };
};

/**
 * The record as the variable `record` holds it, from a stored view: an engine view reads a
 * reference by its read name as `{id, name}`; a request's by `<field>_id` and `<field>_name`.
 */
export function recordValue(subject: RuleSubject, view: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const { read, name, field } of readFields(subject)) {
    const stored = read in view ? view[read] : view[name];
    if (field.type === 'reference') value[read] = ref(field.target, typeof stored === 'object' ? (stored as Named) : null, view[name], view[`${read}_name`]);
    else if (field.type === 'references') value[read] = ((stored as Named[] | undefined) ?? []).map((item) => ref(field.target, item, null, null));
    else value[read] = stored instanceof Date ? stored.toISOString() : (stored ?? null);
  }
  return value;
}

/** `previous`: the record with the changed fields' stored values from before the change (the job's `previous`, keyed by field). */
export function previousValue(subject: RuleSubject, now: Record<string, unknown>, previous: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const value = { ...now };
  for (const { read, name, field } of readFields(subject)) {
    if (!(name in previous)) continue;
    const was = previous[name];
    if (field.type === 'reference') value[read] = typeof was === 'number' ? { id: was, name: null, nodeID: encodeNodeId(field.target, was) } : null;
    else if (field.type === 'references') value[read] = Array.isArray(was) ? was.map((id: number) => ({ id, name: null, nodeID: encodeNodeId(field.target, id) })) : [];
    else value[read] = was ?? null;
  }
  return value;
}
