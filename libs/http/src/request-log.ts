/**
 * The request id and one log line per answered request: `info` for 1xx–3xx,
 * `warn` for 4xx and 503, `error` for the other 5xx, with the request's id,
 * method, URL and peer, the status and the response time in milliseconds.
 * A 503 is a call turned away while something is down or draining: the outage
 * has its own error line when it starts (outage-watch.ts), and one error line
 * per call turned away (about 1,900/s at 30 clients) would bury it and fire
 * every alert on error lines (issue 30 item 12).
 *
 * A request costs nothing more than its id and one `finish` listener: the line
 * is built only when the logger would write it. (pino-http, used before, made a
 * child logger per request with the request serialised and redacted, whatever
 * the level: about a tenth of the api's time on `GET /v1/me` at LOG_LEVEL=warn.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from './logger.js';
import { requestIdOf } from './request-id.js';

declare module 'http' {
  interface IncomingMessage {
    /** The request id, also sent back as `X-Request-Id`. */
    id: string;
  }
}

export type RequestLogLevel = 'info' | 'warn' | 'error';

export function requestLogLevel(statusCode: number): RequestLogLevel {
  return statusCode >= 500 && statusCode !== 503 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
}

export function requestLog(logger: Logger, options: { ignore: (req: IncomingMessage) => boolean }): RequestHandler {
  return (req, res, next) => {
    const id = requestIdOf(req);
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (!options.ignore(req) && logger.isLevelEnabled('error')) {
      const started = performance.now();
      res.once('finish', () => logAnswer(logger, req, res, started, 'request completed'));
      res.once('close', () => {
        if (!res.writableFinished) logAnswer(logger, req, res, started, 'request aborted');
      });
    }
    next();
  };
}

function logAnswer(logger: Logger, req: IncomingMessage, res: ServerResponse, started: number, message: string): void {
  const level = message === 'request aborted' ? 'warn' : requestLogLevel(res.statusCode);
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      req: { id: req.id, method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress, remotePort: req.socket.remotePort },
      res: { statusCode: res.statusCode },
      responseTime: Math.round(performance.now() - started),
    },
    message,
  );
}
