/**
 * What a rule's expressions read (docs/decisions/053): `record`, the record's read fields as its
 * REST answer has them (a reference `{id, name, nodeID}`); `previous`, the same before the change;
 * `person`, who made the change. Typed from the record's declaration, so an unknown field is a
 * compile error at write time.
 */
import { encodeNodeId } from '../node-id.js';
import { readNameOf, type FieldDeclaration } from '../records/record-fields.js';
import type { RuleValueType, RuleVariables } from './expressions/rule-value-type.js';
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

type ReadField = { read: string; name: string; field: FieldDeclaration };

/** Per subject: a declaration does not change, and every run of every rule reads its fields (the worker's profile: 10 % of its time when derived each time). */
const READ_FIELDS = new WeakMap<RuleSubject, readonly ReadField[]>();

/** The read fields of the record, by read name, with the field each comes from. */
export function readFields(subject: RuleSubject): readonly ReadField[] {
  let known = READ_FIELDS.get(subject);
  if (!known) {
    known = deriveReadFields(subject);
    READ_FIELDS.set(subject, known);
  }
  return known;
}

function deriveReadFields(subject: RuleSubject): ReadField[] {
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

/**
 * The record with some fields' stored values (keyed by field) in place of its own: `previous`, with
 * the values a change replaced; `record`, read now, with the values the change left, so a rule run
 * after later changes still sees the change it runs for. A reference keeps its name where its id
 * is the one read now.
 */
export function withStoredValues(subject: RuleSubject, now: Record<string, unknown>, stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const value = { ...now };
  const named = (target: string, id: number, read: unknown) =>
    (read as { id?: number } | null)?.id === id ? read : { id, name: null, nodeID: encodeNodeId(target, id) };
  for (const { read, name, field } of readFields(subject)) {
    if (!(name in stored)) continue;
    const was = stored[name];
    if (field.type === 'reference') value[read] = typeof was === 'number' ? named(field.target, was, now[read]) : null;
    else if (field.type === 'references') {
      const held = (now[read] as Array<{ id: number }> | undefined) ?? [];
      value[read] = Array.isArray(was) ? was.map((id: number) => named(field.target, id, held.find((item) => item.id === id) ?? null)) : [];
    } else value[read] = was instanceof Date ? was.toISOString() : (was ?? null);
  }
  return value;
}
