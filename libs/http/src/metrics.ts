import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Request, RequestHandler } from 'express';

export interface HttpMetrics {
  registry: Registry;
  middleware: RequestHandler;
  handler: RequestHandler;
}

/** Process metrics plus one duration histogram per route, served at `/metrics` for Prometheus. */
export function createHttpMetrics(app: string): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const rejected = new Counter({
    name: 'http_rate_limited_total',
    help: 'Requests refused by a request-rate window',
    registers: [registry],
  });
  return {
    registry,
    middleware: (req, res, next) => {
      const stop = duration.startTimer();
      res.on('finish', () => {
        stop({ method: req.method, route: routeOf(req), status: String(res.statusCode) });
        if (res.statusCode === 429) rejected.inc();
      });
      next();
    },
    handler: async (_req, res) => {
      res.set('Content-Type', registry.contentType).send(await registry.metrics());
    },
  };
}

/** The label of every call that no route matched, whatever its status. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route pattern, not the raw path, keeps label cardinality bounded. Routes
 * registered under their full path (see mountRoutes) have it whatever the
 * status, since Express has matched them before any step of theirs can fail.
 */
function routeOf(req: Request): string {
  const route = req.route?.path;
  return typeof route === 'string' ? `${req.baseUrl}${route}` : UNMATCHED_ROUTE;
}
