/**
 * Whether an error means "the database cannot be reached right now" rather
 * than "this statement is wrong" (issue 20 item 1): such an error is answered
 * 503 with Retry-After, and the outage is logged once, not as one unhandled
 * error per request. What pg and knex raise when the server is down, starting,
 * shutting down, out of connection slots or across a broken network.
 */

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/** SQLSTATEs of a server that is going away or not taking connections (class 08 is matched as a whole). */
const SERVER_CODES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
]);

/**
 * SQLSTATEs that mean "unreachable" only with this message: 55000 (object_not_in_prerequisite_state)
 * is also a statement's error, but at connect it is a database shut to connections
 * (`ALTER DATABASE … ALLOW_CONNECTIONS false`), which an operator opens again.
 */
const CONNECT_MESSAGES: Record<string, RegExp> = {
  '55000': /database ".*" is not currently accepting connections/,
};

/**
 * pg and knex errors that carry no code. Knex puts the statement before pg's
 * message (`ROLLBACK - Client has encountered…` when a transaction's
 * connection died under it), so the message may follow a ` - `.
 */
const MESSAGES = [
  /(^| - )Connection terminated/,
  /(^| - )Client has encountered a connection error and is not queryable/,
  /^Knex: Timeout acquiring a connection/,
  /(^| - )timeout exceeded when trying to connect/,
];

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof code === 'string' && typeof message === 'string' && CONNECT_MESSAGES[code]?.test(message)) return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // A connect to `localhost` tries every address and fails with all their errors together.
  if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/**
 * SQLSTATEs a connect fails with when the configuration is wrong, not the database away: the
 * password or role (class 28: invalid_authorization_specification, invalid_password) or the
 * database's name (3D000 invalid_catalog_name). Retrying does not help until someone fixes
 * DATABASE_URL or the database; the apps still answer 503 (decision 027) but say which it is.
 */
const CONFIGURATION_CODES = new Set(['28000', '28P01', '3D000']);

export function isDatabaseMisconfigured(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && CONFIGURATION_CODES.has(code)) return true;
  return isDatabaseMisconfigured(cause, depth + 1);
}
