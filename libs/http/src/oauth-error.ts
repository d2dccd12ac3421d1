/**
 * The one mapping from domain error codes to OAuth 2.0 error answers (SPEC.md "Errors";
 * RFC 6749 §4.1.2.1 for the authorization endpoint, §5.2 for the token endpoint;
 * REFERENCE.md "OAuth": 400, 401 for bad client authentication, `{error, error_description}`).
 * Pure: the auth app puts the answer in a redirect (authorization endpoint) or a JSON body
 * (token endpoint). Exhaustive: a new domain code does not compile until it is mapped here.
 * The table is in docs/decisions/009-errors-per-transport.md.
 */
import { unmappedErrorCode, type DomainError, type ErrorCode } from '@tessera/domain';
import { retryAfterOf } from './http-error.js';
import { INTERNAL_SERVER_ERROR_MESSAGE } from './unhandled-error.js';

export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'unsupported_response_type',
  'invalid_scope',
  'access_denied',
  'server_error',
  'temporarily_unavailable',
] as const;

export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** Which list of RFC 6749 the answer must come from: §4.1.2.1 (`/authorize`) or §5.2 (`/token`). */
export type OAuthEndpoint = 'authorization' | 'token';

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
  /** Only on server_error: finds the logged failure, as `error_id` does on REST. */
  error_id?: string;
}

export interface OAuthError {
  status: number;
  body: OAuthErrorBody;
  headers: Record<string, string>;
}

/** RFC 6749 §5.2: 400 for every error but invalid_client (401); the two server errors say their status. */
export function oauthStatusOf(error: OAuthErrorCode): number {
  switch (error) {
    case 'invalid_client':
      return 401;
    case 'server_error':
      return 500;
    case 'temporarily_unavailable':
      return 503;
    default:
      return 400;
  }
}

/** An answer the auth app decides itself (an unsupported grant type, a scope it refuses). */
export function oauthError(error: OAuthErrorCode, description: string, headers: Record<string, string> = {}): OAuthError {
  return { status: oauthStatusOf(error), body: { error, error_description: describe(description) }, headers };
}

/** The answer to a failure the client must not see: the id finds it in the log. */
export function oauthServerError(errorId: string): OAuthError {
  return { status: 500, body: { error: 'server_error', error_description: INTERNAL_SERVER_ERROR_MESSAGE, error_id: errorId }, headers: {} };
}

export function oauthErrorCodeOf(code: ErrorCode, endpoint: OAuthEndpoint): OAuthErrorCode {
  switch (code) {
    case 'BAD_PARAMETER':
    case 'VALIDATION_FAILED':
      return 'invalid_request';
    case 'UNAUTHORIZED':
      // The client could not be authenticated; on /authorize the auth app shows it, never redirects (RFC 6749 §4.1.2.1).
      return 'invalid_client';
    case 'FORBIDDEN':
      return endpoint === 'authorization' ? 'access_denied' : 'unauthorized_client';
    case 'NOT_FOUND':
    case 'CONFLICT':
      // On /token what is missing or clashing is the grant: a code unknown, expired or used twice, a revoked refresh token.
      return endpoint === 'authorization' ? 'invalid_request' : 'invalid_grant';
    case 'TOO_MANY_REQUESTS':
    case 'UNAVAILABLE':
      return 'temporarily_unavailable';
    default:
      return unmappedErrorCode(code);
  }
}

export function toOAuthError(error: DomainError, endpoint: OAuthEndpoint): OAuthError {
  const answer = (description: string, overrides: Partial<Omit<OAuthError, 'body'>> = {}) => ({
    ...oauthError(oauthErrorCodeOf(error.code, endpoint), description),
    ...overrides,
  });
  switch (error.code) {
    case 'BAD_PARAMETER':
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
    case 'CONFLICT':
      return answer(error.message);
    case 'NOT_FOUND':
      // As on REST, the reason may name records of other accounts: it stays in the log.
      return answer('Not Found');
    case 'VALIDATION_FAILED':
      return answer(error.errors.length > 0 ? error.errors.map(([field, message]) => `${field}: ${message}`).join('; ') : error.message);
    case 'TOO_MANY_REQUESTS':
      return answer('Too Many Requests', { status: 429, headers: { 'Retry-After': String(retryAfterOf(error)) } });
    case 'UNAVAILABLE':
      return answer(error.message, { headers: { 'Retry-After': String(retryAfterOf(error)) } });
    default:
      return unmappedErrorCode(error.code);
  }
}

/**
 * RFC 6749 §5.2: error_description is printable ASCII without `"` and `\`. Anything else is
 * replaced, so that a message quoting a client's input still gives a valid answer.
 */
function describe(text: string): string {
  return text
    .replace(/"/g, "'")
    .replace(/\\/g, '/')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 500);
}
