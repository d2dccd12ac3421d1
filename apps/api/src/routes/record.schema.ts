/**
 * The JSON of a record of the engine as the OpenAPI document shows it, and its write bodies,
 * each from its declaration in the domain (docs/decisions/039); presentRecord writes the
 * answers. Bodies check types only (and that every field is one a caller can set): the use
 * cases check values, all at once.
 */
import { z } from 'zod';
import { notFound, withArticle, type RecordDefinition } from '@tessera/domain';
import { writeInput, type RouteInput } from '@tessera/http';
import { answerShape, writeBodyShape } from '@tessera/validation';
import { referenceSchema } from './request.schema.js';
import { bodyDatetimes } from './body-datetimes.js';
import { requestIdOf } from './requests.routes.js';

const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');
const MAX_ID = 2_147_483_647;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The record with every field, and as a collection returns it: the selected fields (`fields`, default the collection fields), `id` and `nodeID` always. */
export function recordSchemas(def: RecordDefinition) {
  const one = z.object({ ...answerShape(def.fields, referenceSchema.nullable()), nodeID: nodeId }).describe(`${capitalized(withArticle(def.what))}, with every field`);
  const listed = one.partial().required({ nodeID: true }).extend({ id: z.int() }).describe(`${capitalized(withArticle(def.what))} with the selected fields`);
  return { one, listed };
}

/** An id of a path; anything that cannot be one is not found. */
export function recordIdParam(raw: string | undefined): number {
  const id = requestIdOf(raw);
  if (id === null) throw notFound();
  return id;
}

export const idParams = (what: string) => z.object({ id: z.string().describe(`The ${what} id; anything but a positive integer is not found`) });

const writeIdParams = (what: string) => z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe(`The ${what} id; anything but a positive integer is not found`),
});

/** The bodies of a record's writes; a field of its answer that a write cannot set is refused as read-only. */
export function recordInputs(def: RecordDefinition, answer: z.ZodObject) {
  const readOnly = Object.keys(answer.shape);
  const what = withArticle(def.what);
  const needed = Object.entries(def.fields.fields).filter(([, field]) => field.required && field.write).map(([name]) => name);
  const createBody = writeInput({ body: z.strictObject(writeBodyShape(def.fields, 'create')).describe(`A new ${def.what}: only ${needed.join(', ')} ${needed.length > 1 ? 'are' : 'is'} needed`), what, readOnly });
  const updateBody = writeInput({
    params: writeIdParams(def.what), body: z.strictObject(writeBodyShape(def.fields, 'change')).describe(`The fields of the ${def.what} to change; any other field is refused`), what, readOnly,
  });
  const withDates = bodyDatetimes(def.fields);
  const create: RouteInput<object> = { ...createBody, parse: (raw) => withDates(createBody.parse(raw).body as object) };
  const update: RouteInput<{ id: number; body: object }> = {
    ...updateBody,
    parse: (raw) => {
      const { params, body } = updateBody.parse(raw);
      return { id: params.id, body: withDates(body as object) };
    },
  };
  return { create, update };
}

/** The body of a create under a record of the parent (define-record.ts RecordParent): the create's, but the reference the path gives. */
export function underInput(def: RecordDefinition, answer: z.ZodObject, field: string, parentWhat: string): RouteInput<{ id: number; body: object }> {
  const { [field]: _given, ...shape } = writeBodyShape(def.fields, 'create');
  const needed = Object.entries(def.fields.fields).filter(([name, declared]) => declared.required && declared.write && name !== field).map(([name]) => name);
  const input = writeInput({
    params: z.object({ id: z.string().describe(`The ${parentWhat} id; anything but a positive integer is not found`) }),
    body: z.strictObject(shape).describe(`A new ${def.what} of the ${parentWhat}: only ${needed.join(', ')} ${needed.length > 1 ? 'are' : 'is'} needed`),
    what: withArticle(def.what),
    readOnly: [...Object.keys(answer.shape), field],
  });
  const withDates = bodyDatetimes(def.fields);
  return { ...input, parse: (raw) => {
    const { params, body } = input.parse(raw);
    return { id: recordIdParam(params.id), body: withDates(body as object) };
  } };
}
