import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type Logger, type TransportOptions } from '@tessera/http';
import { ping, type Database } from '@tessera/persistence';
import { OAUTH_PATHS, oauthErrorHandler, oauthNotFound } from './oauth-error-answers.js';

export interface AuthDependencies {
  db: Database;
  logger: Logger;
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
}

/**
 * The OAuth 2.0 server's HTTP shell: health and metrics; the authorization endpoints mount here.
 * No CORS policy: oidc-provider answers CORS for its own endpoints (token, discovery), and
 * the login and consent pages must not be called from other origins.
 */
export function createAuthApp({ db, logger, transport }: AuthDependencies): Express {
  const app = createHttpApp({ service: 'auth', logger, healthChecks: { database: () => ping(db) }, ...transport });
  // Last on the OAuth paths, after whatever serves them: their 404 and errors in OAuth's shape.
  app.use(OAUTH_PATHS, oauthNotFound, oauthErrorHandler(logger));
  return finishHttpApp(app, logger);
}
