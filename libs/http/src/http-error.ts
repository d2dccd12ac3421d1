/**
 * The one mapping from domain error codes to REST responses (REFERENCE.md
 * "REST conventions": `{"message": ...}` bodies, 422 with `errors` pairs,
 * 429 with `documentation_url`; 503 with `Retry-After`). Exhaustive: a new code does not compile until
 * it is mapped here. The table is in docs/decisions/009-errors-per-transport.md.
 */
import { unmappedErrorCode, type DomainError, type ErrorCode } from '@tessera/domain';

export const RATE_LIMIT_DOCUMENTATION_URL = 'https://github.com/tessera-sm/tessera#rate-limits';

export interface HttpError {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'BAD_PARAMETER':
      return 400;
    case 'UNAUTHORIZED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
      return 409;
    case 'VALIDATION_FAILED':
      return 422;
    case 'TOO_MANY_REQUESTS':
      return 429;
    case 'UNAVAILABLE':
      return 503;
    default:
      return unmappedErrorCode(code);
  }
}

export function toHttpError(error: DomainError): HttpError {
  const status = statusOf(error.code);
  switch (error.code) {
    case 'BAD_PARAMETER':
      return { status, body: { message: error.message }, headers: {} };
    case 'UNAUTHORIZED':
      return { status, body: withReason('Unauthorized', error.message), headers: { 'WWW-Authenticate': 'Bearer' } };
    case 'FORBIDDEN':
      return { status, body: withReason('Forbidden', error.message), headers: {} };
    case 'NOT_FOUND':
      return { status, body: { message: 'Not Found' }, headers: {} };
    case 'CONFLICT':
      return { status, body: { message: error.message }, headers: {} };
    case 'VALIDATION_FAILED':
      return { status, body: { message: 'Validation Failed', errors: error.errors }, headers: {} };
    case 'TOO_MANY_REQUESTS':
      return { status, body: { message: 'Too Many Requests', documentation_url: RATE_LIMIT_DOCUMENTATION_URL }, headers: { 'Retry-After': String(retryAfterOf(error)) } };
    case 'UNAVAILABLE':
      return { status, body: { message: 'Service Unavailable', reason: error.message }, headers: { 'Retry-After': String(retryAfterOf(error)) } };
    default:
      return unmappedErrorCode(error.code);
  }
}

/** Whole seconds, at least one: `Retry-After` takes no fractions, and 0 would invite an instant retry. */
export function retryAfterOf(error: DomainError): number {
  return Math.max(1, Math.ceil(error.retryAfterSeconds ?? 1));
}

/** The message stays the documented word; the reason helps the developer who reads it. */
function withReason(message: string, reason: string): Record<string, unknown> {
  return reason && reason !== message ? { message, reason } : { message };
}
