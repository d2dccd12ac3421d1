/**
 * Apollo's `formatError`: the last step before an error reaches a client (ARCHITECTURE.md: never
 * a stack, a file path or an internal message to a client).
 * - a domain error, wherever it was thrown, becomes its mapped code and message (graphql-error.ts);
 * - an error that already carries a code of its own is kept: GraphQL parse and validation errors,
 *   bad variables, the CSRF check, errors our code throws as GraphQLErrors on purpose; Apollo's
 *   two persisted-query refusals (a hash not the query's, an unknown version) get BAD_REQUEST;
 * - an outage of the database (outage-watch in @tessera/http) becomes SERVICE_UNAVAILABLE;
 * - anything else (a plain Error in a resolver or the context, a database failure, a bug) becomes
 *   `Internal Server Error` with INTERNAL_SERVER_ERROR and an `error_id`, under which the original
 *   is logged.
 * `stacktrace` is dropped in every case, whatever NODE_ENV says.
 */
import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { isDomainError } from '@tessera/domain';
import { INTERNAL_SERVER_ERROR_MESSAGE, logUnhandledError, type Logger, type OutageWatch } from '@tessera/http';
import { graphqlErrorShapeOf } from './graphql-error.js';

const INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR';
const APOLLO_BAD_REQUESTS = new Set(['provided sha does not match query', 'Unsupported persisted query version']);

export type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

export function formatGraphqlError(logger: Logger, outages?: OutageWatch): FormatError {
  return (formatted, error) => {
    const cause = rootCause(error);
    const where = { ...(formatted.locations ? { locations: formatted.locations } : {}), ...(formatted.path ? { path: formatted.path } : {}) };
    if (isDomainError(cause)) return { ...graphqlErrorShapeOf(cause), ...where };
    // A database that cannot be reached is SERVICE_UNAVAILABLE with retryAfter, logged once per outage, not per error.
    const outage = outages?.answer(cause);
    if (outage) return { ...graphqlErrorShapeOf(outage), ...where };
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    // Apollo's persisted-query refusals carry a 400 but no code.
    if ((extensions['code'] ?? INTERNAL_SERVER_ERROR) === INTERNAL_SERVER_ERROR && cause instanceof GraphQLError && APOLLO_BAD_REQUESTS.has(cause.message)) return { message: formatted.message, ...where, extensions: { ...extensions, code: 'BAD_REQUEST' } };
    const code = extensions['code'];
    if (typeof code === 'string' && code !== INTERNAL_SERVER_ERROR) return { message: formatted.message, ...where, extensions };
    const errorId = logUnhandledError(logger, cause, formatted.path ? { graphqlPath: formatted.path.join('.') } : {});
    return { message: INTERNAL_SERVER_ERROR_MESSAGE, ...where, extensions: { code: INTERNAL_SERVER_ERROR, error_id: errorId } };
  };
}

/**
 * What was thrown, under the GraphQLErrors that graphql-js (a resolver's error, located) and
 * Apollo (a context error, "Context creation failed: …") wrap around it.
 */
function rootCause(error: unknown): unknown {
  let current = error;
  while (current instanceof GraphQLError && current.originalError && current.originalError !== current) current = current.originalError;
  return current;
}
