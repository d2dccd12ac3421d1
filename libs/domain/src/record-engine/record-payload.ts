/**
 * The fields an event of a record carries when its definition says `payloadFields`
 * (REFERENCE.md: a time entry's and an out-of-office period's events carry the record; a
 * `.delete` is the last a receiver can learn of it): the record as its REST answer shows it,
 * but its id and node ID, which the message's `object_id` / `object_nodeID` already give.
 */
import { z } from 'zod';
import { nodeReferenceSchema } from '../events/node-reference.js';
import { readNameOf, type FieldDeclaration } from '../records/record-fields.js';
import type { RecordDefinition } from './define-record.js';
import { presentRecord } from './record-presenter.js';
import type { RecordView } from './record-store.repository.js';

export function recordPayload(def: RecordDefinition, view: RecordView): Record<string, unknown> {
  const { id: _id, nodeID: _nodeID, ...fields } = presentRecord(def, view);
  return JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;
}

function fieldSchema(field: FieldDeclaration): z.ZodType {
  const described = (schema: z.ZodType) => schema.describe(field.description);
  switch (field.type) {
    case 'reference':
      return described(nodeReferenceSchema.nullable());
    case 'references':
      return described(z.array(nodeReferenceSchema));
    case 'integer':
      return described(z.int().nullable());
    case 'boolean':
      return described(z.boolean().nullable());
    case 'json':
    case 'list':
      return described(z.unknown());
    default:
      return described(z.string().nullable());
  }
}

/** The payload fields `recordPayload` writes, for the OpenAPI `webhooks` section. */
export function recordPayloadShape(def: RecordDefinition): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(def.fields.fields)) {
    const read = readNameOf(name, field);
    if (read !== null && read !== 'id') shape[read] = fieldSchema(field);
  }
  return shape;
}
