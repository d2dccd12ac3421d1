/**
 * The Express app every Tessera HTTP service starts from: request ids, one JSON
 * log line per request, metrics, security headers, CORS when asked for, JSON and
 * form bodies, `/healthz`, `/metrics` (token or loopback only);
 * `finishHttpApp` adds the 404 and the one error mapping last.
 */
import express, { type Express, type RequestHandler } from 'express';
import type { Registry } from 'prom-client';
import { corsHeaders, type CorsPolicy } from './cors.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { healthHandler, type HealthCheck } from './health.js';
import type { Logger } from './logger.js';
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
  /** Registers the app's own metrics (e.g. the worker's deliveries) on the registry `/metrics` serves. */
  metrics?: (registry: Registry) => void;
}

export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  const metrics = createHttpMetrics(options.service);
  options.metrics?.(metrics.registry);
  app.use(requestLog(options.logger, { ignore: (req) => req.url === '/healthz' || req.url === '/metrics' }));
  app.use(metrics.middleware);
  app.use(securityHeaders({ hsts: options.hsts ?? false }));
  if (options.cors) app.use(corsHeaders(options.cors));
  app.use(requireHost);
  app.get('/healthz', healthHandler(options.service, options.healthChecks));
  app.get('/metrics', metricsAccess(options.metricsToken), metrics.handler);
  if (options.parseBodies !== false) app.use(bodyParsers(options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES));
  return app;
}

/** RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400 (listen() leaves this check to the app). */
const requireHost: RequestHandler = (req, res, next) => {
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
    res.status(400).json({ message: 'Bad Request', reason: 'The Host header is required' });
    return;
  }
  next();
};

export function finishHttpApp(app: Express, logger: Logger): Express {
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
