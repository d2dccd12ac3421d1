import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { GraphQLError } from 'graphql';
import type { Express } from 'express';
import { isDomainError, resolveAccess } from '@tessera/domain';
import { createHttpApp, finishHttpApp, statusOf, type Logger } from '@tessera/http';
import { createAccessRepository, ping, type Database } from '@tessera/persistence';
import { resolvers, typeDefs, type GraphqlContext } from './schema.js';

export interface GraphqlDependencies {
  db: Database;
  logger: Logger;
}

/** One constant endpoint, `/`, over HTTPS (SPEC.md GraphQL endpoint); callers authenticate as for REST. */
export async function createGraphqlApp({ db, logger }: GraphqlDependencies): Promise<{ app: Express; stop: () => Promise<void> }> {
  const apollo = new ApolloServer<GraphqlContext>({ typeDefs, resolvers, introspection: true });
  await apollo.start();
  const access = createAccessRepository(db);
  const app = createHttpApp({ service: 'graphql', logger, healthChecks: { database: () => ping(db) } });
  app.use(
    '/',
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        try {
          return { db, access: await resolveAccess({ authorization: req.get('authorization'), account: req.get('x-service-account') }, access) };
        } catch (error) {
          if (!isDomainError(error)) throw error;
          throw new GraphQLError(error.message, { extensions: { code: error.code, http: { status: statusOf(error.code) } } });
        }
      },
    }),
  );
  return { app: finishHttpApp(app, logger), stop: () => apollo.stop() };
}
