import { z } from 'zod';
import { NO_INPUT, defineRoute, type OpenApiDocument, type RouteDeclaration } from '@tessera/http';

/**
 * `GET /v1/openapi.json`: the API's own description, generated from the route
 * table. Public, as API descriptions usually are: it names routes, parameters
 * and the scopes they need, no data and nothing about any account, and a client
 * generator or a developer must read it before holding a token.
 */
export function openApiRoute(document: () => OpenApiDocument): RouteDeclaration {
  return defineRoute({
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'meta',
    summary: 'This OpenAPI 3.1 document',
    needs: { public: 'An API description holds no data and is read before a client has a token' },
    input: NO_INPUT,
    responses: { 200: { description: 'The OpenAPI 3.1 document of the REST API', schema: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document') } },
    handler: ({ res }) => {
      // The same for everyone and changed only by a deployment: caches may keep it, revalidating by ETag.
      res.set('Cache-Control', 'no-cache').json(document());
    },
  });
}
