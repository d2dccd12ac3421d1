import { ApolloServer } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import { resolvers, typeDefs, type GraphqlContext } from '../../src/schema.js';

/** The schema as Apollo serves it, built from the app's own typeDefs and resolvers: what the specs that walk every field walk. */
export async function servedSchema(): Promise<GraphQLSchema> {
  let captured: GraphQLSchema | undefined;
  const server = new ApolloServer<GraphqlContext>({ typeDefs, resolvers, plugins: [{ serverWillStart: async ({ schema }) => void (captured = schema) }] });
  await server.start();
  await server.stop();
  return captured!;
}
