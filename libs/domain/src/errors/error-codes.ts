/** Stable error codes. Adding one breaks every exhaustive mapping until it is handled. */
export const ERROR_CODES = [
  'BAD_PARAMETER',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'TOO_MANY_REQUESTS',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
