/**
 * `personCreate`, `personUpdate`, `teamCreate` and `teamUpdate` (issue 22 item 3): the use cases
 * of `POST`/`PATCH /v1/people` and `/v1/teams`, so the same rules (the administrator role and
 * `person:Create` … `team:Update`), the same checks and the same webhook events. Inputs are
 * derived from PERSON_RECORD and TEAM_RECORD (record-input.ts); the lists the declarations
 * keep as JSON (roles, `team_ids`, `member_ids`) are typed here: role names, Team and Person
 * IDs. Payloads are shaped as `requestCreate`'s: the record, or null and `errors { path message }`.
 */
import { PERSON_RECORD, ROLES, TEAM_RECORD, notFound, type PersonCreateInput, type PersonUpdateInput, type TeamCreateInput, type TeamUpdateInput, type TeamView } from '@tessera/domain';
import type { FieldNeeds } from '../field-needs.js';
import { caller, type GraphqlContext } from './graphql-context.js';
import { NAMES_NOTHING, OF_THE_PAYLOAD, nodeIdOf, payload, readInput, type MutationError } from './mutations.module.js';
import { inputFields, inputFieldsSdl, type InputFields } from './record-input.js';
import type { SchemaModule } from './schema-module.js';

/** A list of IDs of one type, by its GraphQL name and the use case's field. */
type IdList = [name: string, field: string, type: 'Person' | 'Team'];

const ROLES_FIELD: InputFields = { roles: ['roles', 'text'] };
const PERSON_LISTS: IdList[] = [['teamIds', 'team_ids', 'Team']];
const TEAM_LISTS: IdList[] = [['memberIds', 'member_ids', 'Person']];

const PERSON_CREATE = { ...inputFields(PERSON_RECORD, 'create'), ...ROLES_FIELD };
const PERSON_CHANGE = { ...inputFields(PERSON_RECORD, 'change'), ...ROLES_FIELD };
const TEAM_CREATE = inputFields(TEAM_RECORD, 'create');
const TEAM_CHANGE = inputFields(TEAM_RECORD, 'change');

/** The fields and the lists as the payload's errors name them. */
const withLists = (fields: InputFields, lists: readonly IdList[]): InputFields => ({ ...fields, ...Object.fromEntries(lists.map(([name, field]) => [name, [field, 'text'] as const])) });

/** The input's values, its ID lists read as record ids, and every problem GraphQL's types cannot catch. */
function readAll(input: Record<string, unknown>, fields: InputFields, lists: readonly IdList[]): { values: Record<string, unknown>; errors: MutationError[] } {
  const { values, errors } = readInput(input, fields);
  for (const [name, field, type] of lists) {
    const raw = input[name];
    if (raw === undefined) continue;
    if (raw === null) {
      values[field] = null;
      continue;
    }
    const ids: number[] = [];
    (raw as unknown[]).forEach((item, index) => {
      const id = nodeIdOf(item, type);
      if (id === null) errors.push({ path: ['input', name, String(index)], message: `Not the ID of a ${type}` });
      else if (id === NAMES_NOTHING) errors.push({ path: ['input', name, String(index)], message: `No ${type} has this ID` });
      else ids.push(id);
    });
    values[field] = ids;
  }
  return { values, errors };
}

/** The record a mutation changes: NOT_FOUND for an ID that names no record, as for one that does not exist. */
function recordIdOf(raw: unknown, type: 'Person' | 'Team'): number | null {
  const id = nodeIdOf(raw, type);
  if (id === NAMES_NOTHING) throw notFound();
  return id;
}

/** A team as the Team type resolves it: its manager by id, as the connections give it. */
const teamNode = (view: TeamView) => ({ ...view, manager_id: view.manager?.id ?? null });

type Args = { input: Record<string, unknown> };

const ROLE_LIST = `"Roles in the account of the call, of: ${ROLES.join(', ')}. Given, it replaces the roles; [] or null removes every role."\nroles: [String!]`;
const TEAM_IDS = '"Teams of the account of the call the person is a member of (Team IDs). Given, it replaces them; each team changed fires team.update."\nteamIds: [ID!]';
const MEMBER_IDS = '"Members of the team (Person IDs of the account or of its directory account). Given, it replaces the members."\nmemberIds: [ID!]';

const mutation = (action: `${string}:${'Create' | 'Update'}`, answer: `${string}:Read`): FieldNeeds => ({ action, answer });

export const peopleTeamsMutationsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A new person of the account: only name and primaryEmail are needed."
    input PersonCreateInput {
      ${inputFieldsSdl(PERSON_RECORD, 'create')}
      ${ROLE_LIST}
      ${TEAM_IDS}
    }

    "The fields to change; a field left out keeps its value."
    input PersonUpdateInput {
      "The Person ID."
      id: ID!
      ${inputFieldsSdl(PERSON_RECORD, 'change')}
      ${ROLE_LIST}
      ${TEAM_IDS}
    }

    "A new team of the account: only name is needed."
    input TeamCreateInput {
      ${inputFieldsSdl(TEAM_RECORD, 'create')}
      ${MEMBER_IDS}
    }

    "The fields to change; a field left out keeps its value."
    input TeamUpdateInput {
      "The Team ID."
      id: ID!
      ${inputFieldsSdl(TEAM_RECORD, 'change')}
      ${MEMBER_IDS}
    }

    type PersonCreatePayload {
      "Null when errors is not empty."
      person: Person
      errors: [MutationError!]!
    }

    type PersonUpdatePayload {
      person: Person
      errors: [MutationError!]!
    }

    type TeamCreatePayload {
      "Null when errors is not empty."
      team: Team
      errors: [MutationError!]!
    }

    type TeamUpdatePayload {
      team: Team
      errors: [MutationError!]!
    }

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
    'PersonCreatePayload.person': OF_THE_PAYLOAD,
    'PersonCreatePayload.errors': OF_THE_PAYLOAD,
    'PersonUpdatePayload.person': OF_THE_PAYLOAD,
    'PersonUpdatePayload.errors': OF_THE_PAYLOAD,
    'TeamCreatePayload.team': OF_THE_PAYLOAD,
    'TeamCreatePayload.errors': OF_THE_PAYLOAD,
    'TeamUpdatePayload.team': OF_THE_PAYLOAD,
    'TeamUpdatePayload.errors': OF_THE_PAYLOAD,
  },
  resolvers: {
    Mutation: {
      personCreate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const { values, errors } = readAll(input, PERSON_CREATE, PERSON_LISTS);
        if (errors.length > 0) return { person: null, errors };
        return payload(withLists(PERSON_CREATE, PERSON_LISTS), { person: null }, async () => ({
          person: await context.services.createPerson(access, values as PersonCreateInput),
        }));
      },
      personUpdate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const id = recordIdOf(input['id'], 'Person');
        const { values, errors } = readAll(input, PERSON_CHANGE, PERSON_LISTS);
        if (id === null) errors.unshift({ path: ['input', 'id'], message: 'Not the ID of a Person' });
        if (errors.length > 0 || id === null) return { person: null, errors };
        return payload(withLists(PERSON_CHANGE, PERSON_LISTS), { person: null }, async () => ({
          person: await context.services.updatePerson(access, id, values as PersonUpdateInput),
        }));
      },
      teamCreate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const { values, errors } = readAll(input, TEAM_CREATE, TEAM_LISTS);
        if (errors.length > 0) return { team: null, errors };
        return payload(withLists(TEAM_CREATE, TEAM_LISTS), { team: null }, async () => ({
          team: teamNode(await context.services.createTeam(access, values as TeamCreateInput)),
        }));
      },
      teamUpdate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const id = recordIdOf(input['id'], 'Team');
        const { values, errors } = readAll(input, TEAM_CHANGE, TEAM_LISTS);
        if (id === null) errors.unshift({ path: ['input', 'id'], message: 'Not the ID of a Team' });
        if (errors.length > 0 || id === null) return { team: null, errors };
        return payload(withLists(TEAM_CHANGE, TEAM_LISTS), { team: null }, async () => ({
          team: teamNode(await context.services.updateTeam(access, id, values as TeamUpdateInput)),
        }));
      },
    },
  },
};
