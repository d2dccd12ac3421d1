import type { Express } from 'express';
import { createHttpApp, createOutageWatch, databaseDependency, databasePoolMetrics, finishHttpApp, type Logger, type TransportOptions } from '@tessera/http';
import type { Database } from '@tessera/persistence';
import type { StoreHandle } from '@tessera/rate-limit';
import { OAUTH_PATHS, oauthErrorHandler, oauthNotFound } from './oauth-error-answers.js';
import { csrfTokens } from './pages/csrf.js';
import { interactionRoutes } from './pages/interaction-routes.js';
import { createLoginLimiter, type LoginRateLimits } from './pages/login-limits.js';
import { profileRoutes } from './profile/profile-routes.js';
import { createOAuthProvider, type OAuthProviderConfig } from './provider/create-oauth-provider.js';
import type { StoreAdapterClass } from './provider/database-adapter.js';
import { providerPaths } from './provider/mount-provider.js';
import { createAuthServices } from './services.js';

export interface AuthDependencies {
  db: Database;
  logger: Logger;
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
  /** Issuer and cookie keys (config.ts); the proxy setting is the transport's. */
  oauth: Omit<OAuthProviderConfig, 'trustProxy'> & { loginRateLimits: LoginRateLimits };
  /** Counters of the login limits (Postgres or Redis; shared by every replica). */
  rateLimitStore: StoreHandle;
  /** The artifacts' store; default PostgreSQL. */
  store?: StoreAdapterClass;
}

/**
 * The OAuth 2.0 server: oidc-provider on its paths, the login and consent pages,
 * health and metrics. No CORS policy: the pages must not be called from other
 * origins, and the token endpoint is for servers (confidential clients).
 * Bodies are parsed by oidc-provider itself and by the pages' own form parser.
 */
export function createAuthApp({ db, logger, transport, oauth, rateLimitStore, store }: AuthDependencies): Express {
  const services = createAuthServices(db, store ? { store } : {});
  const outages = createOutageWatch({ logger, dependencies: [databaseDependency(db)] });
  const app = createHttpApp({ service: 'auth', logger, healthChecks: { database: services.ping }, parseBodies: false, outages, metrics: [databasePoolMetrics(db)], ...transport });
  const provider = createOAuthProvider({ ...oauth, trustProxy: transport?.trustProxy }, { services, logger, outages });
  const loginLimiter = createLoginLimiter(rateLimitStore, oauth.loginRateLimits);
  const csrf = csrfTokens(oauth.cookieKeys[0]!);
  app.use(interactionRoutes({ provider, services, logger, csrf, loginLimiter }));
  // "Access and Security": the signed-in person's authorizations and personal access tokens.
  app.use(profileRoutes({ provider, services, logger, csrf, loginLimiter, secureCookies: oauth.issuer.startsWith('https:') }));
  app.use(providerPaths(provider));
  // Last on the OAuth paths, after whatever serves them: their 404 and errors in OAuth's shape.
  app.use(OAUTH_PATHS, oauthNotFound, oauthErrorHandler(logger, outages));
  return finishHttpApp(app, logger, outages);
}
