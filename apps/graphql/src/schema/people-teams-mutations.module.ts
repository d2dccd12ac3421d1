/**
 * `personCreate`, `personUpdate`, `teamCreate` and `teamUpdate` (issue 22 item 3): the use cases
 * of `POST`/`PATCH /v1/people` and `/v1/teams`, so the same rules (the administrator role and
 * `person:Create` … `team:Update`), the same checks and the same webhook events. Inputs are
 * derived from PERSON_RECORD and TEAM_RECORD (record-input.ts), `teamIds` and `memberIds`
 * as node IDs; the roles, which the declaration keeps as JSON, are typed here as role names.
 * Payloads are those of every record mutation (record-mutations.ts): the record, or null and
 * `errors { path message }`.
 */
import { PERSON_RECORD, ROLES, TEAM_RECORD, type PersonCreateInput, type PersonUpdateInput, type TeamCreateInput, type TeamUpdateInput, type TeamView } from '@tessera/domain';
import type { FieldNeeds } from '../field-needs.js';
import { inputFields, inputTypesSdl, type InputFields } from './record-input.js';
import { createResolver, payloadNeeds, payloadTypesSdl, updateResolver } from './record-mutations.js';
import type { SchemaModule } from './schema-module.js';

const ROLES_FIELD: InputFields = { roles: ['roles', 'text'] };

const PERSON_CREATE = { ...inputFields(PERSON_RECORD, 'create'), ...ROLES_FIELD };
const PERSON_CHANGE = { ...inputFields(PERSON_RECORD, 'change'), ...ROLES_FIELD };
const TEAM_CREATE = inputFields(TEAM_RECORD, 'create');
const TEAM_CHANGE = inputFields(TEAM_RECORD, 'change');

/** A team as the Team type resolves it: its manager by id, as the connections give it. */
const teamNode = (view: TeamView) => ({ ...view, manager_id: view.manager?.id ?? null });

const ROLE_LIST = `"Roles in the account of the call, of: ${ROLES.join(', ')}. Given, it replaces the roles; [] or null removes every role."\nroles: [String!]`;

const mutation = (action: `${string}:${'Create' | 'Update'}`, answer: `${string}:Read`): FieldNeeds => ({ action, answer });

export const peopleTeamsMutationsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    ${inputTypesSdl('Person', PERSON_RECORD, 'A new person of the account: only name and primaryEmail are needed.', ROLE_LIST)}

    ${inputTypesSdl('Team', TEAM_RECORD, 'A new team of the account: only name is needed.')}

    ${payloadTypesSdl('Person', 'person')}

    ${payloadTypesSdl('Team', 'team')}

    extend type Mutation {
      "Creates a person of the account (administrators); fires person.create."
      personCreate(input: PersonCreateInput!): PersonCreatePayload!
      "Changes a person of the account (administrators); fires person.update, and team.update for each team whose members change."
      personUpdate(input: PersonUpdateInput!): PersonUpdatePayload!
      "Creates a team of the account (administrators); fires team.create."
      teamCreate(input: TeamCreateInput!): TeamCreatePayload!
      "Changes a team of the account (administrators); fires team.update."
      teamUpdate(input: TeamUpdateInput!): TeamUpdatePayload!
    }
  `,
  needs: {
    'Mutation.personCreate': mutation('person:Create', 'person:Read'),
    'Mutation.personUpdate': mutation('person:Update', 'person:Read'),
    'Mutation.teamCreate': mutation('team:Create', 'team:Read'),
    'Mutation.teamUpdate': mutation('team:Update', 'team:Read'),
    ...payloadNeeds('Person', 'person'),
    ...payloadNeeds('Team', 'team'),
  },
  resolvers: {
    Mutation: {
      personCreate: createResolver('person', PERSON_CREATE, (context, access, values) => context.services.createPerson(access, values as PersonCreateInput)),
      personUpdate: updateResolver('person', 'Person', PERSON_CHANGE, (context, access, id, values) => context.services.updatePerson(access, id, values as PersonUpdateInput)),
      teamCreate: createResolver('team', TEAM_CREATE, async (context, access, values) => teamNode(await context.services.createTeam(access, values as TeamCreateInput))),
      teamUpdate: updateResolver('team', 'Team', TEAM_CHANGE, async (context, access, id, values) => teamNode(await context.services.updateTeam(access, id, values as TeamUpdateInput))),
    },
  },
};
