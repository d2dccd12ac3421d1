/**
 * A team's members and a person's teams: the `Team` type, its connection and mutations are
 * the record engine's (team.record.ts, record-module.ts); its members, a set kept out of
 * the team's fields, are people read as the people connections read them.
 */
import { connectionArgs } from '../connections/connection-sdl.js';
import { nestedConnection } from '../connections/connection-resolvers.js';
import type { SchemaModule } from './schema-module.js';

export const teamModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    extend type Team {
      "People of the account or of its directory account who are members of the team."
      members(${connectionArgs('Person', false)}): PersonConnection!
    }

    extend type Person {
      "Teams of the current account the person is a member of."
      teams(${connectionArgs('Team', false)}): TeamConnection!
    }
  `,
  needs: {
    'Person.teams': { action: 'team:Read' },
    'Team.members': { action: 'person:Read' },
  },
  resolvers: {
    Person: { teams: nestedConnection('Person.teams') },
    Team: { members: nestedConnection('Team.members') },
  },
};
