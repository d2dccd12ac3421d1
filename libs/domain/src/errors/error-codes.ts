/**
 * Stable error codes (docs/decisions/009-errors-per-transport.md). A code names the kind of
 * failure, which decides what a client can do about it; the record and the rule go in the
 * message. Codes are flat (`NOT_FOUND`, not `REQUEST.NOT_FOUND`): every transport answers a
 * missing request and a missing team alike, so per-record codes would only multiply the rows
 * of each mapping.
 *
 * Adding a code breaks the compilation of every transport's mapper (REST, GraphQL, OAuth)
 * until it is mapped there: each ends its `switch` with `unmappedErrorCode(code)`.
 */
export const ERROR_CODES = [
  /** A query parameter or header the caller can correct; not about a record's fields. */
  'BAD_PARAMETER',
  /** No caller: the credentials are missing, unknown, expired or revoked. */
  'UNAUTHORIZED',
  /** A known caller without the role, scope or account needed. */
  'FORBIDDEN',
  /** The record does not exist for this caller (also used instead of FORBIDDEN to hide that it exists). */
  'NOT_FOUND',
  /** The change clashes with the current state: a uniqueness the store enforces, a concurrent change. */
  'CONFLICT',
  /** Field values break a rule; `errors` holds `[field, message]` pairs. */
  'VALIDATION_FAILED',
  /** A rate limit or quota is spent; `retryAfterSeconds` says when to come back. */
  'TOO_MANY_REQUESTS',
  /** The server cannot take the work now (a pool is full), through no fault of the caller; `retryAfterSeconds` says when to retry. */
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The `default` branch of every exhaustive mapping: it compiles only while `code` is `never`,
 * that is while every code has its `case`. At run time it refuses a value outside the union.
 */
export function unmappedErrorCode(code: never): never {
  throw new TypeError(`No mapping for error code ${JSON.stringify(code)}`);
}
