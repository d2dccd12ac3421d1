import { ApolloServer } from '@apollo/server';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { tokenScopes, trustedAccountId, type AccessContext } from '@tessera/domain';
import { fieldNeedsProblems, reachableObjectTypes } from '../src/field-needs.js';
import { createGraphqlLoaders } from '../src/loaders/graphql-loaders.js';
import { FIELD_NEEDS, resolvers, typeDefs, type GraphqlContext } from '../src/schema.js';

/** The schema Apollo executes, as the app builds it: captured when the server starts. */
async function servedSchema(): Promise<GraphQLSchema> {
  let captured: GraphQLSchema | undefined;
  const server = new ApolloServer<GraphqlContext>({
    typeDefs,
    resolvers,
    plugins: [
      {
        serverWillStart: async ({ schema }) => {
          captured = schema;
        },
      },
    ],
  });
  await server.start();
  await server.stop();
  if (!captured) throw new Error('Apollo started without a schema');
  return captured;
}

/** Issue 8 item 4: every GraphQL field declares the action it needs; one without fails here. */
describe('The GraphQL schema — every field declares what it needs', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await servedSchema();
  });

  it('has no field of Query, Mutation or a type reachable from them that declares nothing, and no declaration left over', () => {
    expect(fieldNeedsProblems(schema, FIELD_NEEDS)).toEqual([]);
  });

  it('walks every object type of the schema but the introspection ones', () => {
    const served = Object.values(schema.getTypeMap()).filter((type) => isObjectType(type) && !type.name.startsWith('__'));
    expect(reachableObjectTypes(schema).map((type) => type.name).sort()).toEqual(served.map((type) => type.name).sort());
  });

  it('names the action of each root field', () => {
    const roots = Object.entries(FIELD_NEEDS).filter(([name]) => name.startsWith('Query.') || name.startsWith('Mutation.'));
    expect(Object.fromEntries(roots)).toMatchObject({
      'Query.me': { action: 'me:Read' },
      'Query.people': { action: 'person:Read' },
      'Query.requests': { action: 'request:Read' },
      'Query.teams': { action: 'team:Read' },
      'Query.serviceInstances': { action: 'service_instance:Read' },
      'Query.configurationItems': { action: 'ci:Read' },
    });
  });

  it('checks the declared action before the resolver runs: the use case is not called for a refused field', async () => {
    const called: string[] = [];
    const services = {
      me: async () => {
        called.push('me');
        throw new Error('not reached');
      },
      ping: async () => undefined,
    } as unknown as GraphqlContext['services'];
    const access: AccessContext = {
      person: { id: 1, name: 'Alice Admin', accountId: 'wdc', primaryEmail: 'admin@widget.example', organizationId: null, inDirectoryAccount: false },
      account: { id: trustedAccountId('wdc'), name: 'WDC', directoryAccountId: null },
      roles: ['administrator'],
      scopes: tokenScopes(['request:Read']),
      token: { kind: 'personal_access_token', id: 1 },
    };
    const server = new ApolloServer<GraphqlContext>({ typeDefs, resolvers });
    await server.start();
    const response = await server.executeOperation({ query: '{ me { id } }' }, { contextValue: { services, access, loaders: createGraphqlLoaders(services, access) } });
    await server.stop();
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    expect(response.body.singleResult.errors?.[0]?.message).toBe("This token's scopes do not allow me:Read");
    expect(called).toEqual([]);
  });
});
