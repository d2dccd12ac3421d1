/**
 * One error type for every rule the domain enforces. Each edge (REST, GraphQL,
 * OAuth) maps `code` to its own shape exactly once; see error-codes.ts.
 */
import type { ErrorCode } from './error-codes.js';

export type FieldError = [field: string, message: string];

export interface DomainErrorOptions {
  errors?: FieldError[];
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[];
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.errors = options.errors ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const unauthorized = (message = 'Unauthorized') => new DomainError('UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new DomainError('FORBIDDEN', message);
export const notFound = (message = 'Not Found') => new DomainError('NOT_FOUND', message);
export const conflict = (message = 'Conflict') => new DomainError('CONFLICT', message);
export const badParameter = (message: string) => new DomainError('BAD_PARAMETER', message);
export const validationFailed = (errors: FieldError[]) =>
  new DomainError('VALIDATION_FAILED', 'Validation Failed', { errors });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new DomainError('TOO_MANY_REQUESTS', 'Too Many Requests', { retryAfterSeconds });

export const unavailable = (message: string, retryAfterSeconds: number) =>
  new DomainError('UNAVAILABLE', message, { retryAfterSeconds });

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
