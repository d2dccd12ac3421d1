import type { Express } from 'express';
import {
  authenticate, createHttpApp, createOutageWatch, databaseDependency, databasePoolMetrics, finishHttpApp, mountRoutes, rateLimit, rateLimitByAddress, rateLimitStoreDependency,
  type Logger, type StoreDownMode, type TransportOptions,
} from '@tessera/http';
import { createAccessRepository, type Database } from '@tessera/persistence';
import type { AccessPort, ScssCompiler } from '@tessera/domain';
import { feedbackLinkKey, loadSealingKey, type SealingKey } from '@tessera/domain';
import type { RequestRateLimiter } from '@tessera/rate-limit';
import { DEFAULT_API_LIMITS, DEFAULT_SCSS_LIMITS, type ApiLimits } from './config.js';
import { API_CORS } from './cors.js';
import { apiRoutes } from './routes/api-routes.js';
import { createScssPool } from './scss/scss-pool.js';
import { createApiServices } from './services.js';

export interface ApiDependencies {
  db: Database;
  logger: Logger;
  rateLimiter: RequestRateLimiter;
  /** Public base URL of the API, e.g. http://localhost:3000/v1, for links in responses. */
  apiUrl: string;
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
  /** Who is calling: main.ts passes the cached access (createCachedAccess); tests get the plain repository. */
  access?: AccessPort;
  /** Page sizes and body size from the config; default: those with no variable set. */
  limits?: ApiLimits;
  /** SECRET_SEALING_KEY from the config; default: the public development key (tests). Also the root of the feedback links' key. */
  sealingKey?: SealingKey;
  /**
   * Compiles the SCSS of UI extensions: main.ts passes the pool built from the config and closes it on shutdown;
   * default: a pool with the default limits, which starts nothing until the first compile and never keeps the process alive.
   */
  scss?: ScssCompiler;
  /** RATE_LIMIT_STORE_DOWN; default `allow`. */
  rateLimitStoreDown?: StoreDownMode;
}

/**
 * The REST API: the route table under /v1 (routes/api-routes.ts), each route
 * authenticating, counting against the caller's rate windows and checking what
 * it declares it needs before its handler runs.
 */
export function createApiApp({
  db, logger, rateLimiter, apiUrl, transport, access = createAccessRepository(db), limits = DEFAULT_API_LIMITS, sealingKey = loadSealingKey(undefined, 'test'),
  scss = createScssPool(DEFAULT_SCSS_LIMITS), rateLimitStoreDown = 'allow',
}: ApiDependencies): Express {
  // The composition root: every use case built once, for the whole process.
  const feedbackKey = feedbackLinkKey(sealingKey);
  const services = createApiServices({ db, sealingKey, apiUrl, feedbackKey, scss });
  const outages = createOutageWatch({ logger, dependencies: [databaseDependency(db), rateLimitStoreDependency(() => rateLimiter.consume('outage-probe'))] });
  const storeDown = { mode: rateLimitStoreDown, outages };
  const app = createHttpApp({ service: 'api', logger, healthChecks: { database: () => services.ping() }, cors: API_CORS, parseBodies: false, outages, metrics: [databasePoolMetrics(db)], ...transport });
  mountRoutes(app, apiRoutes({ services, links: { apiUrl, feedbackKey }, pageSize: limits.pageSize, attachmentMaxBytes: limits.attachmentMaxBytes }), {
    authenticate: authenticate(access),
    rateLimit: rateLimit(rateLimiter, logger, storeDown),
    rateLimitByAddress: rateLimitByAddress(rateLimiter, logger, storeDown),
    bodyLimit: limits.bodyLimitBytes,
    basePath: '/v1',
  });
  return finishHttpApp(app, logger, outages);
}
