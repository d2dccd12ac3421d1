import { GRAPH_READ_RULES, visiblePrimaryEmail, type PersonNode } from '@tessera/domain';
import { connectionArgs, connectionSdl } from '../connections/connection-sdl.js';
import { dbId, isoDate, nodeId, rootConnection } from '../connections/connection-resolvers.js';
import type { FieldNeeds } from '../field-needs.js';
import { caller, type GraphqlContext } from './graphql-context.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_PERSON: FieldNeeds = { parent: 'part of the person the parent field returned' };

const people = connectionSdl('Person', GRAPH_READ_RULES.Person.orderFields, `
  "People whose primary e-mail is one of these (case-insensitive)."
  primaryEmail: StringValues
  name: StringValues
  "People whose language tag is one of these, as REST's \`locale\` filter."
  locale: StringValues
  "People whose IANA time zone is one of these, as REST's \`time_zone\` filter."
  timeZone: StringValues
  disabled: Boolean
`);

/**
 * The Node interface, accounts, people, `me` and `people` (SPEC.md GraphQL endpoint rule 5).
 * A Person's parent value is the domain's PersonNode, the same for `me`, `people`,
 * references and node lookup.
 */
export const meModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A record with a global node ID, the same as its REST nodeID."
    interface Node {
      id: ID!
    }

    type Account {
      id: String!
      name: String!
    }

    type Person implements Node {
      id: ID!
      "The numeric id REST uses."
      dbId: Int!
      name: String!
      "Null for an end user (no role in the account) reading somebody else (docs/decisions/033)."
      primaryEmail: String
      locale: String!
      disabled: Boolean!
      account: Account!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    ${people.typeDefs}

    type Query {
      "The person behind the access token."
      me: Person!
      "People of the current account."
      people(${connectionArgs('Person', true)}): PersonConnection!
    }
  `,
  needs: {
    'Query.me': { action: 'me:Read' },
    'Query.people': { action: 'person:Read' },
    ...people.needs,
    'Person.id': OF_THE_PERSON,
    'Person.dbId': OF_THE_PERSON,
    'Person.name': OF_THE_PERSON,
    'Person.primaryEmail': OF_THE_PERSON,
    'Person.locale': OF_THE_PERSON,
    'Person.disabled': OF_THE_PERSON,
    'Person.createdAt': OF_THE_PERSON,
    'Person.updatedAt': OF_THE_PERSON,
    'Person.account': { parent: 'the account of the person the parent field returned, part of that person' },
    'Account.id': { parent: 'part of the account the parent field returned' },
    'Account.name': { parent: 'part of the account the parent field returned' },
  },
  resolvers: {
    Query: {
      me: async (_parent: unknown, _args: unknown, context: GraphqlContext) => {
        // SPEC.md authentication rule 3: the field's declared me:Read is checked before this runs; the use case checks it too.
        const { person } = await context.services.me(caller(context));
        return person;
      },
      people: rootConnection('Person'),
    },
    Person: {
      id: nodeId('Person'),
      dbId,
      primaryEmail: (parent, _args, context) => visiblePrimaryEmail(caller(context), parent as PersonNode),
      // `me` reads the profile, which has no flag: a person who signs in is not disabled.
      disabled: (parent) => (parent as { disabled?: boolean }).disabled ?? false,
      createdAt: isoDate('created_at'),
      updatedAt: isoDate('updated_at'),
    },
  },
};
