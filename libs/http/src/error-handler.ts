import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDomainError, notFound } from '@tessera/domain';
import type { Logger } from './logger.js';
import { toHttpError } from './http-error.js';

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Domain errors become their documented response; anything else is a 500 with an id to find it in the log. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (isDomainError(error)) {
      const { status, body, headers } = toHttpError(error);
      res.status(status).set(headers).json(body);
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Problems parsing JSON' });
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body is too large' });
      return;
    }
    if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      res.status(parserError.status).json({ message: 'Bad Request' });
      return;
    }
    const errorId = randomUUID();
    logger.error({ err: error, errorId, requestId: req.id }, 'unhandled error');
    res.status(500).json({ message: 'Internal Server Error', error_id: errorId });
  };
}
