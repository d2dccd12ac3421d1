import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDomainError, notFound } from '@tessera/domain';
import { answerErrors } from './answer-errors.js';
import type { Logger } from './logger.js';
import { toHttpError } from './http-error.js';
import type { OutageWatch } from './outage-watch.js';
import { INTERNAL_SERVER_ERROR_MESSAGE, logUnhandledError } from './unhandled-error.js';

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

interface BodyParserError {
  type?: string;
  status?: number;
  charset?: string;
  encoding?: string;
}

/**
 * What went wrong for a body-parser error type, as a `reason`. The `message`
 * is always the standard phrase of the status, so that a 415 never says
 * "Bad Request" and a 413 never says anything but what 413 means.
 */
function reasonOf(error: BodyParserError): string | undefined {
  const named = (value: string | undefined) => JSON.stringify(String(value ?? '').slice(0, 64));
  switch (error.type) {
    case 'charset.unsupported':
      return `Unsupported charset ${named(error.charset?.toUpperCase())}`;
    case 'encoding.unsupported':
      return `Unsupported content encoding ${named(error.encoding)}`;
    case 'parameters.too.many':
      return 'Too many parameters';
    case 'entity.too.large':
      return 'The request body is too large';
    case 'request.size.invalid':
      return 'The request body does not match its Content-Length';
    default:
      return undefined;
  }
}

/**
 * Domain errors become their documented response; an outage of a watched
 * dependency a 503; anything else is a 500 with an id to find it in the log.
 */
export function errorHandler(logger: Logger, outages?: OutageWatch): ErrorRequestHandler {
  return answerErrors(outages, (error, req, res) => {
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
    // Any other 4xx raised before a route (body parsers, the router's URL decoding).
    if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      const status = STATUS_CODES[parserError.status] ? parserError.status : 400;
      const reason = reasonOf(parserError);
      res.status(status).json({ message: STATUS_CODES[status], ...(reason ? { reason } : {}) });
      return;
    }
    const errorId = logUnhandledError(logger, error, { requestId: req.id });
    res.status(500).json({ message: INTERNAL_SERVER_ERROR_MESSAGE, error_id: errorId });
  });
}
