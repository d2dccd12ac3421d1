/** Teams, their members, and the teams of a person. */
import { GRAPH_READ_RULES } from '@tessera/domain';
import { connectionArgs, connectionSdl } from '../connections/connection-sdl.js';
import { dbId, isoDate, nestedConnection, nodeId, reference, rootConnection } from '../connections/connection-resolvers.js';
import type { FieldNeeds } from '../field-needs.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_TEAM: FieldNeeds = { parent: 'part of the team the parent field returned' };

const teams = connectionSdl('Team', GRAPH_READ_RULES.Team.orderFields, `
  name: StringValues
`);

export const teamModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Team implements Node {
      id: ID!
      dbId: Int!
      name: String!
      "A disabled team is kept for its history."
      disabled: Boolean!
      "The manager of the team; null when none."
      manager: Person
      createdAt: DateTime!
      updatedAt: DateTime!
      members(${connectionArgs('Person', false)}): PersonConnection!
    }

    ${teams.typeDefs}

    extend type Person {
      "Teams of the current account the person is a member of."
      teams(${connectionArgs('Team', false)}): TeamConnection!
    }

    extend type Query {
      teams(${connectionArgs('Team', true)}): TeamConnection!
    }
  `,
  needs: {
    'Query.teams': { action: 'team:Read' },
    'Person.teams': { action: 'team:Read' },
    'Team.members': { action: 'person:Read' },
    ...teams.needs,
    'Team.id': OF_THE_TEAM,
    'Team.dbId': OF_THE_TEAM,
    'Team.name': OF_THE_TEAM,
    'Team.disabled': OF_THE_TEAM,
    'Team.manager': { action: 'person:Read' },
    'Team.createdAt': OF_THE_TEAM,
    'Team.updatedAt': OF_THE_TEAM,
  },
  resolvers: {
    Query: { teams: rootConnection('Team') },
    Person: { teams: nestedConnection('Person.teams') },
    Team: {
      id: nodeId('Team'),
      dbId,
      createdAt: isoDate('created_at'),
      updatedAt: isoDate('updated_at'),
      members: nestedConnection('Team.members'),
      manager: reference('Person', 'manager_id'),
    },
  },
};
