import { unauthorized, encodeNodeId, type AccessContext } from '@tessera/domain';
import type { FieldNeeds, FieldNeedsMap } from './field-needs.js';
import { guardResolvers } from './guard-resolvers.js';
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

const OF_THE_PERSON: FieldNeeds = { parent: 'part of the person the parent field returned' };

/**
 * What every field needs (field-needs.ts). A new field without a line here stops the app at
 * boot and fails test/schema-field-needs.spec.ts.
 */
export const FIELD_NEEDS: FieldNeedsMap = {
  'Query.me': { action: 'me:Read' },
  'Person.id': OF_THE_PERSON,
  'Person.name': OF_THE_PERSON,
  'Person.primaryEmail': OF_THE_PERSON,
  'Person.locale': OF_THE_PERSON,
  'Person.account': { parent: 'the account of the person the parent field returned, part of that person' },
  'Account.id': { parent: 'part of the account the parent field returned' },
  'Account.name': { parent: 'part of the account the parent field returned' },
};

const plainResolvers = {
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
};

/** The resolvers Apollo serves: each field checks the action it declares before it runs. */
export const resolvers = guardResolvers<GraphqlContext>({ typeDefs, resolvers: plainResolvers, needs: FIELD_NEEDS, callerOf: caller });
