import type { CorsPolicy } from '@tessera/http';

/**
 * The REST API is called with bearer tokens, never cookies, so a page on any
 * origin may call it (docs/decisions/006-transport-security.md). A page may send
 * the token and account headers and read the headers REFERENCE.md "REST
 * conventions" documents.
 */
export const API_CORS: CorsPolicy = {
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowHeaders: ['Authorization', 'Content-Type', 'X-Service-Account', 'X-Request-Id'],
  exposeHeaders: [
    'Link',
    'X-Pagination-Per-Page',
    'X-Pagination-Current-Page',
    'X-Pagination-Total-Pages',
    'X-Pagination-Total-Entries',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'Retry-After',
    'X-Request-Id',
  ],
};
