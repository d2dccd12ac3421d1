import { GraphQLError } from 'graphql';
import { assertScope, encodeNodeId, isDomainError, type AccessContext } from '@tessera/domain';
import { findPersonView, type Database } from '@tessera/persistence';

export interface GraphqlContext {
  /** Null only for introspection by GET, which names no account and reaches no resolver of ours. */
  access: AccessContext | null;
  db: Database;
}

/** The caller, and SPEC.md authentication rule 3: the token's scopes must allow the action. */
function callerAllowedTo(context: GraphqlContext, recordType: string, operation: 'Read'): AccessContext {
  const { access } = context;
  if (!access) throw new GraphQLError('This needs the X-Service-Account header and a POST request', { extensions: { code: 'UNAUTHORIZED' } });
  try {
    assertScope(access.scopes, recordType, operation);
  } catch (error) {
    if (isDomainError(error)) throw new GraphQLError(error.message, { extensions: { code: error.code } });
    throw error;
  }
  return access;
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
      const access = callerAllowedTo(context, 'me', 'Read');
      const person = await findPersonView(context.db, access.person.id);
      if (!person) throw new GraphQLError('Not Found', { extensions: { code: 'NOT_FOUND' } });
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
