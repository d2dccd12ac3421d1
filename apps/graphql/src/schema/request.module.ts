/**
 * Requests and their notes (SPEC.md "Request"; the fields of the REST presenter,
 * request.presenter.ts, in camelCase, references as objects). `Request` resolves from
 * the domain's RequestView and `Note` from NoteView, whoever returns them (the
 * `requests` connection, node lookup, the mutations).
 */
import { GRAPH_READ_RULES, REQUEST_RECORD } from '@tessera/domain';
import { connectionArgs, connectionSdl } from '../connections/connection-sdl.js';
import { column, dbId, isoDate, nestedConnection, nodeId, reference, rootConnection } from '../connections/connection-resolvers.js';
import type { FieldNeeds, FieldNeedsMap } from '../field-needs.js';
import { plainObjectFields } from './record-object.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_REQUEST: FieldNeeds = { parent: 'part of the request the parent field returned' };
const OF_THE_NOTE: FieldNeeds = { parent: 'part of the note the parent field returned' };

const requests = connectionSdl('Request', GRAPH_READ_RULES.Request.orderFields, `
  "Requests in one of these statuses (e.g. assigned, in_progress, completed)."
  status: StringValues
  category: StringValues
  "Requests of one of these teams (Team node IDs)."
  team: IdValues
  "Requests requested by one of these people (Person node IDs)."
  requestedBy: IdValues
  requestedFor: IdValues
  member: IdValues
`);
const notes = connectionSdl('Note', GRAPH_READ_RULES.Note.orderFields, null);

/** The plain fields, from the request's field declaration in the domain (record-object.ts). */
const { sdl: PLAIN_FIELDS, columns: REQUEST_COLUMNS, dates: REQUEST_DATES } = plainObjectFields(REQUEST_RECORD);
const REQUEST_REFERENCES: Readonly<Record<string, [kind: 'Person' | 'Team' | 'ServiceInstance' | 'ConfigurationItem', column: string, action: FieldNeeds]>> = {
  requestedBy: ['Person', 'requested_by_id', { action: 'person:Read' }],
  requestedFor: ['Person', 'requested_for_id', { action: 'person:Read' }],
  createdBy: ['Person', 'created_by_id', { action: 'person:Read' }],
  member: ['Person', 'member_id', { action: 'person:Read' }],
  team: ['Team', 'team_id', { action: 'team:Read' }],
  serviceInstance: ['ServiceInstance', 'service_instance_id', { action: 'service_instance:Read' }],
  configurationItem: ['ConfigurationItem', 'ci_id', { action: 'ci:Read' }],
};

const requestNeeds: Record<string, FieldNeeds> = { 'Request.id': OF_THE_REQUEST, 'Request.dbId': OF_THE_REQUEST };
for (const field of [...Object.keys(REQUEST_COLUMNS), ...Object.keys(REQUEST_DATES)]) requestNeeds[`Request.${field}`] = OF_THE_REQUEST;
for (const [field, [, , needs]] of Object.entries(REQUEST_REFERENCES)) requestNeeds[`Request.${field}`] = needs;

const needs: FieldNeedsMap = {
  'Query.requests': { action: 'request:Read' },
  'Request.notes': { action: 'request:Read' },
  ...requestNeeds,
  ...requests.needs,
  ...notes.needs,
  'Note.id': OF_THE_NOTE,
  'Note.dbId': OF_THE_NOTE,
  'Note.text': OF_THE_NOTE,
  'Note.internal': OF_THE_NOTE,
  'Note.createdAt': OF_THE_NOTE,
  'Note.person': { action: 'person:Read' },
};

export const requestModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A request; values of status, category and impact as REST spells them (see /v1/openapi.json)."
    type Request implements Node {
      id: ID!
      "The numeric id REST uses."
      dbId: Int!
      ${PLAIN_FIELDS}
      "Null when the caller may not read the person."
      requestedBy: Person
      requestedFor: Person
      createdBy: Person
      member: Person
      team: Team
      serviceInstance: ServiceInstance
      configurationItem: ConfigurationItem
      "Notes the caller may see (end users never see internal notes)."
      notes(${connectionArgs('Note', false)}): NoteConnection!
    }

    type Note implements Node {
      id: ID!
      dbId: Int!
      text: String!
      internal: Boolean!
      createdAt: DateTime!
      "Who wrote the note."
      person: Person
    }

    ${requests.typeDefs}
    ${notes.typeDefs}

    extend type Query {
      "Requests of the current account the caller may see (an end user: only their own)."
      requests(${connectionArgs('Request', true)}): RequestConnection!
    }
  `,
  needs,
  resolvers: {
    Query: { requests: rootConnection('Request') },
    Request: {
      id: nodeId('Request'),
      dbId,
      ...Object.fromEntries(Object.entries(REQUEST_COLUMNS).map(([field, name]) => [field, column(name)])),
      ...Object.fromEntries(Object.entries(REQUEST_DATES).map(([field, name]) => [field, isoDate(name)])),
      ...Object.fromEntries(Object.entries(REQUEST_REFERENCES).map(([field, [kind, name]]) => [field, reference(kind, name)])),
      notes: nestedConnection('Request.notes'),
    },
    Note: {
      id: nodeId('Note'),
      dbId,
      createdAt: isoDate('created_at'),
      person: reference('Person', 'person_id'),
    },
  },
};
