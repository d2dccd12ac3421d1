/**
 * The Express app every Tessera HTTP service starts from: request ids, one JSON
 * log line per request, metrics, security headers, CORS when asked for, JSON and
 * form bodies, `/healthz`, `/metrics` (token or loopback only);
 * `finishHttpApp` adds the 404 and the one error mapping last.
 */
import express, { type Express, type RequestHandler } from 'express';
import { corsHeaders, type CorsPolicy } from './cors.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { healthHandler, registerHealthMetrics, type HealthCheck } from './health.js';
import type { Logger } from './logger.js';
import type { MetricsSource } from './operations-metrics.js';
import type { OutageWatch } from './outage-watch.js';
import { metricsAccess } from './metrics-access.js';
import { createHttpMetrics } from './metrics.js';
import { requestLog } from './request-log.js';
import { bodyParsers, DEFAULT_BODY_LIMIT_BYTES } from './routes/body-parsers.js';
import { securityHeaders } from './security-headers.js';

/** What the trust-proxy setting may be: nothing trusted, a hop count, or addresses, CIDRs and Express's names (`loopback`). */
export type TrustProxy = false | number | string[];

/** The transport settings an app reads from its config (TRUST_PROXY, METRICS_TOKEN) and hands to createHttpApp. */
export interface TransportOptions {
  /** Whose X-Forwarded-* headers count; default none, so a client cannot forge its address or scheme. */
  trustProxy?: TrustProxy;
  /** When set, `/metrics` needs it as a bearer token; else only loopback peers are answered. */
  metricsToken?: string | undefined;
}

export interface HttpAppOptions extends TransportOptions {
  service: string;
  logger: Logger;
  healthChecks?: Record<string, HealthCheck>;
  /** Bodies above this size get 413. */
  bodyLimit?: string | number;
  /**
   * Parse JSON and form bodies for every request (default). An app that mounts a route table
   * passes false: `mountRoutes` parses them inside each route, so a 400/413/415 is labelled by its route.
   */
  parseBodies?: boolean;
  /** Send Strict-Transport-Security: only for an app served over HTTPS alone. */
  hsts?: boolean;
  /** Allow browser pages on any origin to call this app; without it no CORS headers are sent. */
  cors?: CorsPolicy;
  /** The dependencies whose outages are answered 503 (outage-watch.ts); pass the same watch to finishHttpApp. */
  outages?: OutageWatch;
  /** More metrics on /metrics (operations-metrics.ts: the database pool, the queue). */
  metrics?: MetricsSource[];
}

export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  const metrics = createHttpMetrics(options.service);
  app.use(requestLog(options.logger, { ignore: (req) => PROBES.has(req.url ?? '') }));
  app.use(metrics.middleware);
  app.use(securityHeaders({ hsts: options.hsts ?? false }));
  if (options.cors) app.use(corsHeaders(options.cors));
  app.use(requireHost);
  const health = healthHandler(options.service, options.healthChecks);
  app.get('/healthz', health);
  // Ready: the same checks; listen() answers 503 itself from the shutdown signal on, and /livez always (drain.ts).
  app.get('/readyz', health);
  app.get('/metrics', metricsAccess(options.metricsToken), metrics.handler);
  for (const source of options.metrics ?? []) source(metrics.registry);
  registerHealthMetrics(metrics.registry, options.healthChecks ?? {});
  const { outages } = options;
  if (outages) {
    outages.register(metrics.registry);
    // During a known outage every call is a 503 at once, without a connect attempt of its own.
    app.use((_req, _res, next) => next(outages.current() ?? undefined));
  }
  if (options.parseBodies !== false) app.use(bodyParsers(options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES));
  return app;
}

/** Probes and scrapes: not worth a log line each. */
const PROBES = new Set(['/healthz', '/readyz', '/livez', '/metrics']);

/** RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400 (listen() leaves this check to the app). */
const requireHost: RequestHandler = (req, res, next) => {
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
    res.status(400).json({ message: 'Bad Request', reason: 'The Host header is required' });
    return;
  }
  next();
};

export function finishHttpApp(app: Express, logger: Logger, outages?: OutageWatch): Express {
  app.use(notFoundHandler);
  app.use(errorHandler(logger, outages));
  return app;
}
