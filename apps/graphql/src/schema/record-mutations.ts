/**
 * How a mutation that creates or changes a record works, written once for every record
 * (requests, configuration items, service instances, people, teams): the input read by its
 * fields (record-input.ts) — a malformed or wrong-type node ID or a datetime that does not
 * parse is an error of the payload — then the use case, whose VALIDATION_FAILED becomes the
 * payload's `errors { path message }` with its record null. FORBIDDEN and NOT_FOUND stay
 * top-level errors (format-error.ts); an ID whose number no record can have is NOT_FOUND, as
 * for a record that does not exist (issue 18).
 */
import { decodeNodeId, isDomainError, namedLinesText, notFound, type AccessContext, type FieldError, type NamedLine, type NoteCreateInput } from '@tessera/domain';
import { DATETIME_RANGE_TEXT, parseIsoDatetime } from '@tessera/validation';
import type { FieldNeeds } from '../field-needs.js';
import { caller, type GraphqlContext } from './graphql-context.js';
import type { InputFields } from './record-input.js';

export interface MutationError {
  path: string[];
  message: string;
}

/** A well-formed ID of the type whose number no record can have (decodeNodeId). */
export const NAMES_NOTHING = Symbol('names no record');

/** The record id an ID of `type` names; null when it is not an ID of that type. */
export function nodeIdOf(raw: unknown, type: string): number | typeof NAMES_NOTHING | null {
  const ref = typeof raw === 'string' ? decodeNodeId(raw) : null;
  if (!ref || ref.type !== type) return null;
  return ref.id ?? NAMES_NOTHING;
}

/** The record a mutation names: NOT_FOUND for an ID that names no record, as for one that does not exist; null when it is not an ID of the type. */
export function recordIdOf(raw: unknown, type: string): number | null {
  const id = nodeIdOf(raw, type);
  if (id === NAMES_NOTHING) throw notFound();
  return id;
}

const LINE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why a `{name, value}` line cannot be written as one line of text that reads back the same. */
function lineProblems(line: NamedLine): string[] {
  const problems: string[] = [];
  if (!LINE_NAME.test(line.name)) problems.push('The name is a letter or _ followed by letters, digits or _');
  if (/[\r\n]/.test(line.value)) problems.push('The value is one line: it may not hold a line break');
  return problems;
}

/** The input fields as the use case takes them, or the errors of the fields GraphQL's types cannot catch. */
export function readInput(input: Record<string, unknown>, fields: InputFields): { values: Record<string, unknown>; errors: MutationError[] } {
  const values: Record<string, unknown> = {};
  const errors: MutationError[] = [];
  for (const [name, [field, kind]] of Object.entries(fields)) {
    const raw = input[name];
    if (raw === undefined) continue;
    if (raw === null || kind === 'text' || kind === 'boolean') values[field] = raw;
    else if (kind === 'lines') {
      // REST keeps the lines as one text, a line a `name: value`: a name or a value that would read back otherwise is refused, not split.
      const lines = raw as NamedLine[];
      const bad = lines.flatMap((line, index) => lineProblems(line).map((message) => ({ path: ['input', name, String(index)], message })));
      if (bad.length > 0) errors.push(...bad);
      else values[field] = namedLinesText(lines);
    }
    else if (kind === 'datetime') {
      const date = parseIsoDatetime(String(raw).trim());
      if (date) values[field] = date;
      else errors.push({ path: ['input', name], message: `Not an ISO 8601 datetime from ${DATETIME_RANGE_TEXT}` });
    } else if ('nodes' in kind) {
      const ids = Array.isArray(raw) ? raw.map((item) => nodeIdOf(item, kind.nodes)) : [null];
      if (ids.some((id) => id === null)) errors.push({ path: ['input', name], message: `Not a list of IDs of ${kind.nodes} records` });
      else if (ids.some((id) => id === NAMES_NOTHING)) errors.push({ path: ['input', name], message: `No ${kind.nodes} has one of these IDs` });
      else values[field] = ids;
    } else {
      const id = nodeIdOf(raw, kind.node);
      if (id === null) errors.push({ path: ['input', name], message: `Not the ID of a ${kind.node}` });
      else if (id === NAMES_NOTHING) errors.push({ path: ['input', name], message: `No ${kind.node} has this ID` });
      else values[field] = id;
    }
  }
  return { values, errors };
}

/** The use case's `[field, message]` pairs, at the input field they came from. */
function pathErrors(pairs: readonly FieldError[], fields: InputFields): MutationError[] {
  const byField = new Map(Object.entries(fields).map(([name, [field]]) => [field, name]));
  return pairs.map(([field, message]) => {
    // A line of a field (an automation rule's `actions[2]`): the field's input name, then the line's index.
    const [, name = field, index] = /^(\w+)\[(\d+)\]$/.exec(field) ?? [];
    return { path: ['input', byField.get(name) ?? name, ...(index === undefined ? [] : [index])], message };
  });
}

/** Runs the use case; its validation failure becomes the payload's `errors`, anything else stays an error of the call. */
export async function payload<T extends object>(
  fields: InputFields,
  empty: { [K in keyof T]: null },
  run: () => Promise<T>,
): Promise<(T | { [K in keyof T]: null }) & { errors: MutationError[] }> {
  try {
    return { ...(await run()), errors: [] };
  } catch (error) {
    if (isDomainError(error) && error.code === 'VALIDATION_FAILED') return { ...empty, errors: pathErrors(error.errors, fields) };
    throw error;
  }
}

export const OF_THE_PAYLOAD: FieldNeeds = { parent: 'part of the payload of the mutation, which checked its action' };

type Args = { input: Record<string, unknown> };
type Values = Record<string, unknown>;

/** `<record>Create`: `key` is the payload's record field (`configurationItem`); `create` runs the use case with the values read. */
export function createResolver(key: string, fields: InputFields, create: (context: GraphqlContext, access: AccessContext, values: Values) => Promise<unknown>) {
  return async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
    const access = caller(context);
    const { values, errors } = readInput(input, fields);
    if (errors.length > 0) return { [key]: null, errors };
    return payload(fields, { [key]: null }, async () => ({ [key]: await create(context, access, values) }));
  };
}

/** `<record>Update`: the record named by the input's `id`, a node ID of `type`; a bad ID is the payload's first error. */
export function updateResolver(
  key: string,
  type: string,
  fields: InputFields,
  update: (context: GraphqlContext, access: AccessContext, id: number, values: Values) => Promise<unknown>,
) {
  return async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
    const access = caller(context);
    const id = recordIdOf(input['id'], type);
    const { values, errors } = readInput(input, fields);
    if (id === null) errors.unshift({ path: ['input', 'id'], message: `Not the ID of a ${type}` });
    if (errors.length > 0 || id === null) return { [key]: null, errors };
    return payload(fields, { [key]: null }, async () => ({ [key]: await update(context, access, id, values) }));
  };
}

/** `<record>Delete`: the record named by the input's `id`; the payload names it by its ID once deleted, null with the error of a bad ID. */
export function deleteResolver(type: string, remove: (context: GraphqlContext, access: AccessContext, id: number) => Promise<void>) {
  return async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
    const access = caller(context);
    const id = recordIdOf(input['id'], type);
    if (id === null) return { deletedId: null, errors: [{ path: ['input', 'id'], message: `Not the ID of a ${type}` }] };
    await remove(context, access, id);
    return { deletedId: input['id'], errors: [] };
  };
}

/** The input fields of a note, of a request's or of a record of the engine. */
export const NOTE_FIELDS: InputFields = { text: ['text', 'text'], internal: ['internal', 'boolean'] };

/** `<record>NoteCreate`: a note on the record named by the input's `id` (record-notes.ts); a bad ID is the payload's first error. */
export function noteCreateResolver(type: string, add: (context: GraphqlContext, access: AccessContext, id: number, values: NoteCreateInput) => Promise<unknown>) {
  return async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
    const access = caller(context);
    const id = recordIdOf(input['id'], type);
    if (id === null) return { note: null, errors: [{ path: ['input', 'id'], message: `Not the ID of a ${type}` }] };
    const { values } = readInput(input, NOTE_FIELDS);
    return payload(NOTE_FIELDS, { note: null }, async () => ({ note: await add(context, access, id, values as NoteCreateInput) }));
  };
}

/** The SDL of `<type>NoteCreateInput` and `<type>NoteCreatePayload`. */
export function noteTypesSdl(type: string, what: string): string {
  return `
    input ${type}NoteCreateInput {
      "The ${what} to add the note to."
      id: ID!
      text: String!
      "Notes of a ${what} are never internal: who reads it reads its notes."
      internal: Boolean
    }

    type ${type}NoteCreatePayload {
      "Null when errors is not empty."
      note: Note
      errors: [MutationError!]!
    }`;
}

export const noteNeeds = (type: string): Record<string, FieldNeeds> => ({ [`${type}NoteCreatePayload.note`]: OF_THE_PAYLOAD, [`${type}NoteCreatePayload.errors`]: OF_THE_PAYLOAD });

/** The SDL of `<type>DeleteInput` and `<type>DeletePayload`. */
export function deleteTypesSdl(type: string, what: string): string {
  return `
    input ${type}DeleteInput {
      "The ${what} to delete."
      id: ID!
    }

    type ${type}DeletePayload {
      "The ID of the ${what} deleted; null when errors is not empty."
      deletedId: ID
      errors: [MutationError!]!
    }`;
}

/** The SDL of `<type>CreatePayload` and `<type>UpdatePayload`: the record at `key` (null when errors is not empty) and the errors. */
export function payloadTypesSdl(type: string, key: string): string {
  return `
    type ${type}CreatePayload {
      "Null when errors is not empty."
      ${key}: ${type}
      errors: [MutationError!]!
    }

    type ${type}UpdatePayload {
      ${key}: ${type}
      errors: [MutationError!]!
    }`;
}

/** The needs of those payload types' fields: those of the mutation, which checked its action. */
export function payloadNeeds(type: string, key: string, deletable = false): Record<string, FieldNeeds> {
  const needs = [`${type}CreatePayload`, `${type}UpdatePayload`].flatMap((payloadType) => [[`${payloadType}.${key}`, OF_THE_PAYLOAD], [`${payloadType}.errors`, OF_THE_PAYLOAD]]);
  if (deletable) needs.push([`${type}DeletePayload.deletedId`, OF_THE_PAYLOAD], [`${type}DeletePayload.errors`, OF_THE_PAYLOAD]);
  return Object.fromEntries(needs);
}
