/**
 * `requestCreate`, `requestUpdate` and `noteCreate` (issue 12: mutations through the same use
 * cases as REST, so they publish the same webhook events). Inputs name references by node ID.
 * REFERENCE.md "GraphQL": a payload carries `errors { path message }` for validation errors of
 * its input — a malformed or wrong-type node ID, a datetime that does not parse, and every
 * VALIDATION_FAILED of the use case — with its record null; FORBIDDEN and NOT_FOUND stay
 * top-level errors (format-error.ts). A request ID whose number no record can have is
 * NOT_FOUND, as for a request that does not exist (issue 18).
 */
import { REQUEST_RECORD, decodeNodeId, isDomainError, notFound, type FieldError, type NoteCreateInput, type RequestCreateInput, type RequestUpdateInput } from '@tessera/domain';
import { DATETIME_RANGE_TEXT, parseIsoDatetime } from '@tessera/validation';
import type { FieldNeeds } from '../field-needs.js';
import { caller, type GraphqlContext } from './graphql-context.js';
import { inputFields, inputFieldsSdl, type InputFields } from './record-input.js';
import type { SchemaModule } from './schema-module.js';

export interface MutationError {
  path: string[];
  message: string;
}

/** The request's input fields, from its field declaration in the domain (record-input.ts). */
const CHANGE_FIELDS = inputFields(REQUEST_RECORD, 'change');
const CREATE_FIELDS = inputFields(REQUEST_RECORD, 'create');
const NOTE_FIELDS: InputFields = { text: ['text', 'text'], internal: ['internal', 'boolean'] };

/** The input fields as the use case takes them, or the errors of the fields GraphQL's types cannot catch. */
export function readInput(input: Record<string, unknown>, fields: InputFields): { values: Record<string, unknown>; errors: MutationError[] } {
  const values: Record<string, unknown> = {};
  const errors: MutationError[] = [];
  for (const [name, [field, kind]] of Object.entries(fields)) {
    const raw = input[name];
    if (raw === undefined) continue;
    if (raw === null || kind === 'text' || kind === 'boolean') values[field] = raw;
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

/** A well-formed ID of the type whose number no record can have (decodeNodeId). */
export const NAMES_NOTHING = Symbol('names no record');

/** The record id an ID of `type` names; null when it is not an ID of that type. */
export function nodeIdOf(raw: unknown, type: string): number | typeof NAMES_NOTHING | null {
  const ref = typeof raw === 'string' ? decodeNodeId(raw) : null;
  if (!ref || ref.type !== type) return null;
  return ref.id ?? NAMES_NOTHING;
}

/** The request a mutation changes: NOT_FOUND for an ID that names no record, as for one that does not exist. */
function requestIdOf(raw: unknown): number | null {
  const id = nodeIdOf(raw, 'Request');
  if (id === NAMES_NOTHING) throw notFound();
  return id;
}

/** The use case's `[field, message]` pairs, at the input field they came from. */
function pathErrors(pairs: readonly FieldError[], fields: InputFields): MutationError[] {
  const byField = new Map(Object.entries(fields).map(([name, [field]]) => [field, name]));
  return pairs.map(([field, message]) => ({ path: ['input', byField.get(field) ?? field], message }));
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

type Args = { input: Record<string, unknown> };

export const OF_THE_PAYLOAD: FieldNeeds = { parent: 'part of the payload of the mutation, which checked its action' };
const OF_THE_ERROR: FieldNeeds = { parent: 'part of an error of the mutation input' };

export const mutationsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A problem with one field of a mutation's input; path starts with input."
    type MutationError {
      path: [String!]!
      message: String!
    }

    "A new request: only subject is needed when the defaults apply (README 'Events intake')."
    input RequestCreateInput {
      ${inputFieldsSdl(REQUEST_RECORD, 'create')}
    }

    "The fields to change; a field left out keeps its value."
    input RequestUpdateInput {
      "The Request ID."
      id: ID!
      ${inputFieldsSdl(REQUEST_RECORD, 'change')}
    }

    input NoteCreateInput {
      "The Request ID."
      requestId: ID!
      text: String!
      "Default false; needs a role in the account."
      internal: Boolean
    }

    type RequestCreatePayload {
      "Null when errors is not empty."
      request: Request
      errors: [MutationError!]!
    }

    type RequestUpdatePayload {
      request: Request
      errors: [MutationError!]!
    }

    type NoteCreatePayload {
      note: Note
      "The request the note was added to."
      request: Request
      errors: [MutationError!]!
    }

    type Mutation {
      "Creates a request; fires request.create (and request.note-added per note)."
      requestCreate(input: RequestCreateInput!): RequestCreatePayload!
      "Changes a request; fires request.update, and status-, member- and team-changed when those change."
      requestUpdate(input: RequestUpdateInput!): RequestUpdatePayload!
      "Adds a note to a request; fires request.note-added."
      noteCreate(input: NoteCreateInput!): NoteCreatePayload!
    }
  `,
  needs: {
    'Mutation.requestCreate': { action: 'request:Create', answer: 'request:Read' },
    'Mutation.requestUpdate': { action: 'request:Update', answer: 'request:Read' },
    'Mutation.noteCreate': { action: 'request:Update', answer: 'request:Read' },
    'RequestCreatePayload.request': OF_THE_PAYLOAD,
    'RequestCreatePayload.errors': OF_THE_PAYLOAD,
    'RequestUpdatePayload.request': OF_THE_PAYLOAD,
    'RequestUpdatePayload.errors': OF_THE_PAYLOAD,
    'NoteCreatePayload.note': OF_THE_PAYLOAD,
    'NoteCreatePayload.request': OF_THE_PAYLOAD,
    'NoteCreatePayload.errors': OF_THE_PAYLOAD,
    'MutationError.path': OF_THE_ERROR,
    'MutationError.message': OF_THE_ERROR,
  },
  resolvers: {
    Mutation: {
      requestCreate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const { values, errors } = readInput(input, CREATE_FIELDS);
        if (errors.length > 0) return { request: null, errors };
        return payload(CREATE_FIELDS, { request: null }, async () => ({ request: await context.services.createRequest(access, values as RequestCreateInput) }));
      },
      requestUpdate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const id = requestIdOf(input['id']);
        const { values, errors } = readInput(input, CHANGE_FIELDS);
        if (id === null) errors.unshift({ path: ['input', 'id'], message: 'Not the ID of a Request' });
        if (errors.length > 0 || id === null) return { request: null, errors };
        return payload(CHANGE_FIELDS, { request: null }, async () => ({ request: await context.services.updateRequest(access, id, values as RequestUpdateInput) }));
      },
      noteCreate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const requestId = requestIdOf(input['requestId']);
        if (requestId === null) return { note: null, request: null, errors: [{ path: ['input', 'requestId'], message: 'Not the ID of a Request' }] };
        const { values } = readInput(input, NOTE_FIELDS);
        return payload(NOTE_FIELDS, { note: null, request: null }, () => context.services.addRequestNote(access, requestId, values as NoteCreateInput));
      },
    },
  },
};
