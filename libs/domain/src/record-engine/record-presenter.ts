/**
 * The JSON of a record of the engine (its declaration's read fields): `id` first, each
 * reference as `{id, name, nodeID}`, lists of them in order, then the record's `nodeID`.
 */
import { encodeNodeId } from '../node-id.js';
import { readNameOf } from '../records/record-fields.js';
import type { RecordDefinition } from './define-record.js';
import type { NamedRef, RecordView } from './record-store.repository.js';

const ref = (type: string, value: NamedRef | null) => value && { id: value.id, name: value.name, nodeID: encodeNodeId(type, value.id) };

export function presentRecord(def: RecordDefinition, view: RecordView): Record<string, unknown> {
  const json: Record<string, unknown> = { id: view.id };
  for (const [name, field] of Object.entries(def.fields.fields)) {
    const read = readNameOf(name, field);
    if (read === null || read === 'id') continue;
    const value = view[read];
    if (field.type === 'reference') json[read] = ref(field.target, (value as NamedRef | null) ?? null);
    else if (field.type === 'references') json[read] = (value as NamedRef[]).map((item) => ref(field.target, item));
    else json[read] = value;
  }
  json['nodeID'] = encodeNodeId(def.node, view.id);
  return json;
}
