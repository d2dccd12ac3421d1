import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { Express } from 'express';
import { createHttpApp, createOutageWatch, databaseDependency, databasePoolMetrics, finishHttpApp, rateLimitStoreDependency, type Logger, type StoreDownMode, type TransportOptions } from '@tessera/http';
import type { AccessPort } from '@tessera/domain';
import { createAccessRepository, createPostgresWindowCounter, type Database } from '@tessera/persistence';
import { createBatchingWindowCounter, type WindowCounter } from '@tessera/rate-limit';
import { graphqlContext } from './context.js';
import { compiledExecution } from './execution/compiled-execution.js';
import { GRAPHQL_CORS } from './cors.js';
import { formatGraphqlError } from './format-error.js';
import { requireForwardedHttps } from './https/forwarded-https.js';
import { boundedDocumentStore } from './limits/document-store.js';
import { DEFAULT_GRAPHQL_LIMITS, type GraphqlLimits } from './limits/graphql-limits.js';
import { limitValidationRules } from './limits/validation-rules.js';
import { createGraphqlQuota } from './quota/graphql-quota.js';
import { limitsPlugin } from './quota/limits-plugin.js';
import { stringifyGraphqlResult } from './quota/quota-responses.js';
import { mountGraphiql } from './graphiql/graphiql-routes.js';
import { accountPersistedQueries, DEFAULT_PERSISTED_QUERY_LIMITS, type PersistedQueryLimits } from './persisted/account-persisted-queries.js';
import { trustedDocumentCache, type TrustedDocuments } from './persisted/trusted-documents.js';
import { schemaByGetPlugin, schemaRequestNeedsToken } from './schema-by-get.js';
import { resolvers, typeDefs, type GraphqlContext } from './schema.js';
import { createGraphqlServices } from './services.js';

export interface GraphqlDependencies {
  db: Database;
  logger: Logger;
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
  /** Who is calling: main.ts passes the cached access (createCachedAccess); tests get the plain repository. */
  access?: AccessPort;
  /** Every limit and quota (config.ts); default the values of SPEC.md. */
  limits?: GraphqlLimits;
  /** Where quotas are counted, shared by every replica (main.ts: Redis with REDIS_URL); default a Postgres counter on `db`. */
  quotaCounter?: WindowCounter;
  /**
   * 'direct' (default): main.ts serves TLS on this port. 'proxy': a TLS-terminating proxy named by
   * TRUST_PROXY sits in front, and a request it did not receive over HTTPS is refused (403).
   */
  tls?: 'direct' | 'proxy';
  /** RATE_LIMIT_STORE_DOWN; default `allow`. */
  rateLimitStoreDown?: StoreDownMode;
  /**
   * Automatic persisted queries: the bounds of their store and of one document (default 10,000
   * entries, 32 MiB, 64 KiB), and the trusted documents when only those run (default none).
   */
  persistedQueries?: PersistedQueryLimits & { trusted: TrustedDocuments | null };
}

/** Parsed and validated documents kept: Apollo's default of 30 MiB, counting the texts. */
const DOCUMENT_STORE_BOUNDS = { maxEntries: 10_000, maxBytes: 30 * 1024 * 1024 };

/** Compiled operations kept (document hash and operation name), least recently used out first. */
const COMPILED_OPERATIONS_BOUNDS = { maxEntries: 1000, maxBytes: 30 * 1024 * 1024 };

/** One constant endpoint, `/`, over HTTPS (SPEC.md GraphQL endpoint); callers authenticate as for REST. */
export async function createGraphqlApp({
  db,
  logger,
  transport,
  access = createAccessRepository(db),
  limits = DEFAULT_GRAPHQL_LIMITS,
  quotaCounter,
  tls = 'direct',
  rateLimitStoreDown = 'allow',
  persistedQueries = { ...DEFAULT_PERSISTED_QUERY_LIMITS, trusted: null },
}: GraphqlDependencies): Promise<{ app: Express; stop: () => Promise<void> }> {
  const onStoreError = (err: unknown) => logger.warn({ err }, 'rate-limit store failed; the next call retries it');
  // Calls in flight together are counted in one round trip (one statement on PostgreSQL).
  const counter = createBatchingWindowCounter(quotaCounter ?? createPostgresWindowCounter(db, { onSweepError: onStoreError }));
  const outages = createOutageWatch({
    logger,
    dependencies: [databaseDependency(db), rateLimitStoreDependency(() => counter.hit([{ key: 'outage-probe', durationSeconds: 1, increment: 1 }]))],
  });
  const quota = createGraphqlQuota(counter, limits, onStoreError);
  const registrations = persistedQueries.trusted ? null : accountPersistedQueries(persistedQueries);
  const apollo = new ApolloServer<GraphqlContext>({
    // Queries run compiled, once per document (execution/compiled-execution.ts): Apollo's gateway
    // option is its one way to replace execution; parsing, validation and every plugin stay Apollo's.
    gateway: compiledExecution(makeExecutableSchema({ typeDefs, resolvers }), COMPILED_OPERATIONS_BOUNDS).gateway,
    introspection: true,
    // Shutdown is serve()'s (libs/http), as for every app: draining, SHUTDOWN_DELAY_MS, then
    // stop() from onClose. Apollo's own handler (on by default when NODE_ENV is not 'test')
    // would stop the server at the signal and re-send it, killing the process mid-request.
    stopOnTerminationSignals: false,
    // Parsed documents by hash, bounded by the text they keep alive as well as their number.
    documentStore: boundedDocumentStore(DOCUMENT_STORE_BOUNDS),
    // Apollo's protocol; its store holds the trusted documents alone, automatic registrations are
    // each account's own (registrations, below).
    persistedQueries: { cache: trustedDocumentCache(persistedQueries.trusted) },
    // A request carrying Authorization cannot be sent cross-origin without a preflight, so it is
    // safe from CSRF like one with Apollo's own headers; a bare GET (an <img>, a link) is not.
    csrfPrevention: { requestHeaders: ['authorization', 'x-apollo-operation-name', 'apollo-require-preflight'] },
    // Whatever NODE_ENV says: no stack trace or file path reaches a client (ARCHITECTURE.md).
    includeStacktraceInErrorResponses: false,
    // Domain errors get their mapped code; any other failure an error id, under which it is logged.
    formatError: formatGraphqlError(logger, outages),
    // Limits that need only the document (pagination literals, depth, one mutation); the rest,
    // which need the variables or the quota store, run in limitsPlugin, also before execution.
    validationRules: limitValidationRules(limits),
    // The 429 body is a plain JSON object, not a GraphQL result (quota/quota-responses.ts).
    stringifyResult: stringifyGraphqlResult,
    // The landing page loads scripts from a CDN, which the CSP of every answer forbids;
    // use any GraphQL client (or introspection by GET) instead.
    // After the limits: a call the quota refuses is refused before the cached schema is answered.
    // No cache hints: every answer is `no-store` (it depends on the caller), and without the
    // cache-control plugin Apollo does not wrap every resolver to call its willResolveField.
    // The registrations' plugin comes before the limits': it registers in responseForOperation,
    // which the limits' answers some calls in (dry runs, spent points) and would stop it reaching.
    plugins: [
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginLandingPageDisabled(),
      ...(registrations ? [registrations.plugin] : []),
      limitsPlugin({ limits, quota, logger, storeDown: { mode: rateLimitStoreDown, outages }, trusted: persistedQueries.trusted, persisted: registrations }),
      schemaByGetPlugin(),
    ],
  });
  await apollo.start();
  // The composition root: every use case built once, for the whole process.
  const services = createGraphqlServices({ db });
  const app = createHttpApp({ service: 'graphql', logger, healthChecks: { database: () => services.ping() }, hsts: true, cors: GRAPHQL_CORS, outages, metrics: [databasePoolMetrics(db)], ...transport });
  // Every answer is no-store: an ETag (a hash of each body) would serve no cache.
  app.set('etag', false);
  // Behind a TLS-terminating proxy: everything after the health checks needs HTTPS at the proxy.
  if (tls === 'proxy') app.use(requireForwardedHttps());
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
    schemaRequestNeedsToken(access),
    expressMiddleware(apollo, { context: graphqlContext(services, access, outages) }),
  );
  return { app: finishHttpApp(app, logger, outages), stop: () => apollo.stop() };
}
