import type { Express } from 'express';
import { authenticate, createHttpApp, finishHttpApp, rateLimit, type Logger, type TransportOptions } from '@tessera/http';
import { createAccessRepository, ping, type Database } from '@tessera/persistence';
import type { RequestRateLimiter } from '@tessera/rate-limit';
import { API_CORS } from './cors.js';
import { eventsRouter } from './routes/events.controller.js';
import { meRouter } from './routes/me.controller.js';
import { requestsRouter } from './routes/requests.controller.js';

export interface ApiDependencies {
  db: Database;
  logger: Logger;
  rateLimiter: RequestRateLimiter;
  /** Public base URL of the API, e.g. http://localhost:3000/v1, for links in responses. */
  apiUrl: string;
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
}

/** The REST API under /v1: every route authenticates, then counts against the caller's rate windows. */
export function createApiApp({ db, logger, rateLimiter, apiUrl, transport }: ApiDependencies): Express {
  const app = createHttpApp({ service: 'api', logger, healthChecks: { database: () => ping(db) }, cors: API_CORS, ...transport });
  app.use('/v1', authenticate(createAccessRepository(db)), rateLimit(rateLimiter, logger));
  app.use('/v1', meRouter(db), eventsRouter(db, apiUrl), requestsRouter(db, apiUrl));
  return finishHttpApp(app, logger);
}
