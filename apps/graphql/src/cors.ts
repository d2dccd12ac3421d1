import type { CorsPolicy } from '@tessera/http';

/**
 * GraphQL is called with bearer tokens, never cookies, so a page on any origin
 * may call it (docs/decisions/006-transport-security.md). Besides the token and
 * account headers, a page may send Apollo's CSRF-prevention and client headers,
 * and read the rate and cost headers of SPEC.md "Limits".
 */
export const GRAPHQL_CORS: CorsPolicy = {
  allowMethods: ['GET', 'POST'],
  allowHeaders: [
    'Authorization',
    'Content-Type',
    'X-Service-Account',
    'X-Request-Id',
    'Apollo-Require-Preflight',
    'X-Apollo-Operation-Name',
    'Apollographql-Client-Name',
    'Apollographql-Client-Version',
  ],
  exposeHeaders: [
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'X-CostLimit-Limit',
    'X-CostLimit-Cost',
    'X-CostLimit-Remaining',
    'X-CostLimit-Reset',
    'Retry-After',
    'X-Request-Id',
  ],
};
