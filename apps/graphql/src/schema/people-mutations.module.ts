/**
 * `personCreate` and `personUpdate` (issue 22 item 3): the record engine's use cases of the
 * person's definition, as `POST`/`PATCH /v1/people`, so the same rules (the administrator role
 * and `person:Create` / `person:Update`), the same checks and the same webhook events. Inputs are derived from
 * PERSON_RECORD (record-input.ts), `teamIds` as node IDs; the roles, which the declaration
 * keeps as JSON, are typed here as role names. `teamCreate` and `teamUpdate` are the record
 * engine's (record-module.ts).
 * Payloads are those of every record mutation (record-mutations.ts): the record, or null and
 * `errors { path message }`.
 */
import { PERSON, PERSON_RECORD, ROLES } from '@tessera/domain';
import type { FieldNeeds } from '../field-needs.js';
import { inputFields, inputTypesSdl, type InputFields } from './record-input.js';
import { createResolver, payloadNeeds, payloadTypesSdl, updateResolver } from './record-mutations.js';
import type { SchemaModule } from './schema-module.js';

const ROLES_FIELD: InputFields = { roles: ['roles', 'text'] };

const PERSON_CREATE = { ...inputFields(PERSON_RECORD, 'create'), ...ROLES_FIELD };
const PERSON_CHANGE = { ...inputFields(PERSON_RECORD, 'change'), ...ROLES_FIELD };

const ROLE_LIST = `"Roles in the account of the call, of: ${ROLES.join(', ')}. Given, it replaces the roles; [] or null removes every role."\nroles: [String!]`;

const mutation = (action: `${string}:${'Create' | 'Update'}`, answer: `${string}:Read`): FieldNeeds => ({ action, answer });

export const peopleMutationsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    ${inputTypesSdl('Person', PERSON_RECORD, 'A new person of the account: only name and primaryEmail are needed.', ROLE_LIST)}

    ${payloadTypesSdl('Person', 'person')}

    extend type Mutation {
      "Creates a person of the account (administrators); fires person.create."
      personCreate(input: PersonCreateInput!): PersonCreatePayload!
      "Changes a person of the account (administrators); fires person.update, and team.update for each team whose members change."
      personUpdate(input: PersonUpdateInput!): PersonUpdatePayload!
    }
  `,
  needs: {
    'Mutation.personCreate': mutation('person:Create', 'person:Read'),
    'Mutation.personUpdate': mutation('person:Update', 'person:Read'),
    ...payloadNeeds('Person', 'person'),
  },
  resolvers: {
    Mutation: {
      personCreate: createResolver('person', PERSON_CREATE, (context, access, values) => context.services.createRecord(PERSON, access, values)),
      personUpdate: updateResolver('person', 'Person', PERSON_CHANGE, (context, access, id, values) => context.services.updateRecord(PERSON, access, id, values)),
    },
  },
};
