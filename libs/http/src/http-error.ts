/**
 * The one mapping from domain error codes to REST responses (REFERENCE.md
 * "REST conventions": `{"message": ...}` bodies, 422 with `errors` pairs,
 * 429 with `documentation_url`). Exhaustive: a new code does not compile until
 * it is mapped here.
 */
import type { DomainError, ErrorCode } from '@tessera/domain';

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
    case 'VALIDATION_FAILED':
      return 422;
    case 'TOO_MANY_REQUESTS':
      return 429;
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
    case 'VALIDATION_FAILED':
      return { status, body: { message: 'Validation Failed', errors: error.errors }, headers: {} };
    case 'TOO_MANY_REQUESTS': {
      const retryAfter = String(Math.max(1, error.retryAfterSeconds ?? 1));
      return { status, body: { message: 'Too Many Requests', documentation_url: RATE_LIMIT_DOCUMENTATION_URL }, headers: { 'Retry-After': retryAfter } };
    }
  }
}

/** The message stays the documented word; the reason helps the developer who reads it. */
function withReason(message: string, reason: string): Record<string, unknown> {
  return reason && reason !== message ? { message, reason } : { message };
}
