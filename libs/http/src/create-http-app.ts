/**
 * The Express app every Tessera HTTP service starts from: request ids, one JSON
 * log line per request, metrics, JSON and form bodies, `/healthz`, `/metrics`;
 * `finishHttpApp` adds the 404 and the one error mapping last.
 */
import express, { type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { healthHandler, type HealthCheck } from './health.js';
import type { Logger } from './logger.js';
import { createHttpMetrics } from './metrics.js';
import { requestIdOf } from './request-id.js';

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  healthChecks?: Record<string, HealthCheck>;
  /** Bodies above this size get 413. */
  bodyLimit?: string;
}

export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  const metrics = createHttpMetrics(options.service);
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/metrics' },
    }),
  );
  app.use(metrics.middleware);
  app.use(requireHost);
  app.get('/healthz', healthHandler(options.service, options.healthChecks));
  app.get('/metrics', metrics.handler);
  const limit = options.bodyLimit ?? '1mb';
  app.use(express.json({ limit }));
  app.use(express.urlencoded({ extended: false, limit }));
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
