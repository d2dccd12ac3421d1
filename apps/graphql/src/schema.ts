import { unauthorized, encodeNodeId, type AccessContext } from '@tessera/domain';
import type { GraphqlServices } from './services.js';

export interface GraphqlContext {
  /** Null only for introspection by GET, which names no account and reaches no resolver of ours. */
  access: AccessContext | null;
  services: GraphqlServices;
}

/** The caller; resolvers throw domain errors, which formatGraphqlError maps to their codes. */
function caller(context: GraphqlContext): AccessContext {
  if (!context.access) throw unauthorized('This needs the X-Service-Account header and a POST request');
  return context.access;
}

export const typeDefs = /* GraphQL */ `
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
`;

export const resolvers = {
  Query: {
    me: async (_parent: unknown, _args: unknown, context: GraphqlContext) => {
      // SPEC.md authentication rule 3: the use case checks me:Read.
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
};
