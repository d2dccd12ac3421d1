/**
 * `requestCreate`, `requestUpdate` and `noteCreate` (issue 12: mutations through the same use
 * cases as REST, so they publish the same webhook events). Inputs name references by node ID.
 * REFERENCE.md "GraphQL": a payload carries `errors { path message }` for validation errors of
 * its input, with its record null; how every record mutation reads its input and shapes its
 * payload is record-mutations.ts. The MutationError type is declared here, once.
 */
import { REQUEST_RECORD, type NoteCreateInput, type RequestCreateInput, type RequestUpdateInput } from '@tessera/domain';
import type { FieldNeeds } from '../field-needs.js';
import { caller, type GraphqlContext } from './graphql-context.js';
import { inputFields, inputTypesSdl } from './record-input.js';
import { NOTE_FIELDS, OF_THE_PAYLOAD, createResolver, payload, payloadNeeds, payloadTypesSdl, readInput, recordIdOf, updateResolver } from './record-mutations.js';
import type { SchemaModule } from './schema-module.js';

/** The request's input fields, from its field declaration in the domain (record-input.ts). */
const CHANGE_FIELDS = inputFields(REQUEST_RECORD, 'change');
const CREATE_FIELDS = inputFields(REQUEST_RECORD, 'create');

type Args = { input: Record<string, unknown> };

const OF_THE_ERROR: FieldNeeds = { parent: 'part of an error of the mutation input' };
const OF_THE_LINE: FieldNeeds = { parent: 'part of a field of the record, read with it' };

export const mutationsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A problem with one field of a mutation's input; path starts with input."
    type MutationError {
      path: [String!]!
      message: String!
    }

    "A named line of a record (an automation rule's expressions and actions): REST's line \`name: value\`."
    type NamedLine {
      name: String!
      value: String!
    }

    "A named line to write: REST's line \`name: value\`."
    input NamedLineInput {
      name: String!
      value: String!
    }

    ${inputTypesSdl('Request', REQUEST_RECORD, 'A new request: only subject is needed when the defaults apply (README \'Events intake\').')}

    input NoteCreateInput {
      "The Request ID."
      requestId: ID!
      text: String!
      "Default false; needs a role in the account."
      internal: Boolean
    }

    ${payloadTypesSdl('Request', 'request')}

    type NoteCreatePayload {
      note: Note
      "The request the note was added to."
      request: Request
      errors: [MutationError!]!
    }

    type Mutation {
      "Creates a request; fires request.create (and request.note-added per note)."
      requestCreate(input: RequestCreateInput!): RequestCreatePayload!
      "Changes a request; fires request.update, and status-, member-, team-, major-incident-status- and agile-board-column-changed when those change."
      requestUpdate(input: RequestUpdateInput!): RequestUpdatePayload!
      "Adds a note to a request; fires request.note-added."
      noteCreate(input: NoteCreateInput!): NoteCreatePayload!
    }
  `,
  needs: {
    'Mutation.requestCreate': { action: 'request:Create', answer: 'request:Read' },
    'Mutation.requestUpdate': { action: 'request:Update', answer: 'request:Read' },
    'Mutation.noteCreate': { action: 'request:Update', answer: 'request:Read' },
    ...payloadNeeds('Request', 'request'),
    'NoteCreatePayload.note': OF_THE_PAYLOAD,
    'NoteCreatePayload.request': OF_THE_PAYLOAD,
    'NoteCreatePayload.errors': OF_THE_PAYLOAD,
    'NamedLine.name': OF_THE_LINE,
    'NamedLine.value': OF_THE_LINE,
    'MutationError.path': OF_THE_ERROR,
    'MutationError.message': OF_THE_ERROR,
  },
  resolvers: {
    Mutation: {
      requestCreate: createResolver('request', CREATE_FIELDS, (context, access, values) => context.services.createRequest(access, values as RequestCreateInput)),
      requestUpdate: updateResolver('request', 'Request', CHANGE_FIELDS, (context, access, id, values) => context.services.updateRequest(access, id, values as RequestUpdateInput)),
      noteCreate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const requestId = recordIdOf(input['requestId'], 'Request');
        if (requestId === null) return { note: null, request: null, errors: [{ path: ['input', 'requestId'], message: 'Not the ID of a Request' }] };
        const { values } = readInput(input, NOTE_FIELDS);
        return payload(NOTE_FIELDS, { note: null, request: null }, () => context.services.addRequestNote(access, requestId, values as NoteCreateInput));
      },
    },
  },
};
