import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type Logger, type TransportOptions } from '@tessera/http';
import type { AccessPort } from '@tessera/domain';
import { createAccessRepository, type Database } from '@tessera/persistence';
import { graphqlContext } from './context.js';
import { GRAPHQL_CORS } from './cors.js';
import { formatGraphqlError } from './format-error.js';
import { mountGraphiql } from './graphiql/graphiql-routes.js';
import { resolvers, typeDefs, type GraphqlContext } from './schema.js';
import { createGraphqlServices } from './services.js';

export interface GraphqlDependencies {
  db: Database;
  logger: Logger;
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
  /** Who is calling: main.ts passes the cached access (createCachedAccess); tests get the plain repository. */
  access?: AccessPort;
}

/** One constant endpoint, `/`, over HTTPS (SPEC.md GraphQL endpoint); callers authenticate as for REST. */
export async function createGraphqlApp({ db, logger, transport, access = createAccessRepository(db) }: GraphqlDependencies): Promise<{ app: Express; stop: () => Promise<void> }> {
  const apollo = new ApolloServer<GraphqlContext>({
    typeDefs,
    resolvers,
    introspection: true,
    // A request carrying Authorization cannot be sent cross-origin without a preflight, so it is
    // safe from CSRF like one with Apollo's own headers; a bare GET (an <img>, a link) is not.
    csrfPrevention: { requestHeaders: ['authorization', 'x-apollo-operation-name', 'apollo-require-preflight'] },
    // Whatever NODE_ENV says: no stack trace or file path reaches a client (ARCHITECTURE.md).
    includeStacktraceInErrorResponses: false,
    // Domain errors get their mapped code; any other failure an error id, under which it is logged.
    formatError: formatGraphqlError(logger),
    // The landing page loads scripts from a CDN, which the CSP of every answer forbids;
    // use any GraphQL client (or introspection by GET) instead.
    plugins: [ApolloServerPluginLandingPageDisabled()],
  });
  await apollo.start();
  // The composition root: every use case built once, for the whole process.
  const services = createGraphqlServices({ db });
  const app = createHttpApp({ service: 'graphql', logger, healthChecks: { database: () => services.ping() }, hsts: true, cors: GRAPHQL_CORS, ...transport });
  // GraphiQL for browsers at /graphiql, on local assets (the landing page above stays off).
  mountGraphiql(app);
  // One route, '/': Apollo answers every method there (POST, introspection by GET, 405 otherwise),
  // and /metrics labels its calls by that route.
  app.all(
    '/',
    (_req, res, next) => {
      // Every answer depends on the caller's token: no cache may keep it.
      res.set('Cache-Control', 'no-store');
      next();
    },
    expressMiddleware(apollo, { context: graphqlContext(services, access) }),
  );
  return { app: finishHttpApp(app, logger), stop: () => apollo.stop() };
}
