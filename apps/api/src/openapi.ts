/** What the api's OpenAPI document says about itself beyond its routes. */
import { buildOpenApiDocument, type OpenApiDocument, type RouteTable } from '@tessera/http';
import { webhookEvents } from './openapi-webhooks.js';
import { meSchema } from './routes/me.schema.js';
import { noteSchema, referenceSchema, requestSchema } from './routes/request.schema.js';

const DESCRIPTION = [
  'The Tessera REST API. Every call but this document carries `Authorization: Bearer <token>` and `X-Service-Account: <account id>`.',
  'Each operation says what it needs in its description and in `x-needs`: a token scope action `<record type>:<operation>`, a role, or nothing (public).',
  'Errors are JSON `{"message"}` (400, 401, 403, 404), `{"message":"Validation Failed","errors":[[field, message]]}` (422) and',
  '`{"message":"Too Many Requests","documentation_url"}` with `Retry-After` (429). Collections take `page`, `per_page`, `fields`, `sort` and filters.',
  'The `webhooks` section is the event catalogue: for each event, the request Tessera POSTs to a webhook, its headers and its message.',
].join(' ');

export function describeApi(routes: RouteTable, apiUrl: string): OpenApiDocument {
  return buildOpenApiDocument(routes, {
    info: { title: 'Tessera REST API', version: '1', description: DESCRIPTION },
    // Paths in the table are absolute (/v1/...), so the server is the API's origin and any prefix before /v1.
    servers: [{ url: apiUrl.replace(/\/v1$/, '') || '/' }],
    schemas: { Request: requestSchema, Note: noteSchema, Reference: referenceSchema, Me: meSchema },
    webhooks: webhookEvents(),
  });
}
