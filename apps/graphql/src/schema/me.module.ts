import { encodeNodeId } from '@tessera/domain';
import type { FieldNeeds } from '../field-needs.js';
import { caller, type GraphqlContext } from './graphql-context.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_PERSON: FieldNeeds = { parent: 'part of the person the parent field returned' };

/** The Node interface, accounts, people and `me` (SPEC.md GraphQL endpoint rule 5). */
export const meModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A record with a global node ID (SPEC.md Global node ID)."
    interface Node {
      id: ID!
    }

    type Account {
      id: String!
      name: String!
    }

    type Person implements Node {
      id: ID!
      name: String!
      primaryEmail: String!
      locale: String!
      account: Account!
    }

    type Query {
      "The person behind the access token."
      me: Person!
    }
  `,
  needs: {
    'Query.me': { action: 'me:Read' },
    'Person.id': OF_THE_PERSON,
    'Person.name': OF_THE_PERSON,
    'Person.primaryEmail': OF_THE_PERSON,
    'Person.locale': OF_THE_PERSON,
    'Person.account': { parent: 'the account of the person the parent field returned, part of that person' },
    'Account.id': { parent: 'part of the account the parent field returned' },
    'Account.name': { parent: 'part of the account the parent field returned' },
  },
  resolvers: {
    Query: {
      me: async (_parent: unknown, _args: unknown, context: GraphqlContext) => {
        // SPEC.md authentication rule 3: the field's declared me:Read is checked before this runs; the use case checks it too.
        const { person } = await context.services.me(caller(context));
        return {
          id: encodeNodeId('Person', person.id),
          name: person.name,
          primaryEmail: person.primary_email,
          locale: person.locale,
          account: person.account,
        };
      },
    },
  },
};
