import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.js';

/** What a client is told about a failure it must not see the inside of, whatever the transport. */
export const INTERNAL_SERVER_ERROR_MESSAGE = 'Internal Server Error';

/**
 * Logs an error no client may see (its message, stack and file paths stay in the log) under a
 * fresh id, and returns that id: the client gets only the id, which finds the log line.
 */
export function logUnhandledError(logger: Logger, error: unknown, context: Record<string, unknown> = {}): string {
  const errorId = randomUUID();
  logger.error({ ...context, err: error, errorId }, 'unhandled error');
  return errorId;
}
