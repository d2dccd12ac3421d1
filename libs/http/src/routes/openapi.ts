/**
 * The OpenAPI 3.1 document of a route table: every route with what it needs,
 * reads and answers, the bearer and account header schemes, and the error
 * answers every route shares; and the webhooks the service sends, when given.
 */
import type { z } from 'zod';
import { ACCOUNT_ID_PATTERN } from '@tessera/domain';
import { ERROR_SCHEMAS } from './error-schemas.js';
import { ERROR_RESPONSES, RATE_LIMIT_HEADER_NAMES, openApiPath, operationOf } from './openapi-operation.js';
import { SchemaComponents, type JsonSchema } from './openapi-schemas.js';
import { webhooksSection, type OpenApiWebhook } from './openapi-webhooks.js';
import type { RouteTable } from './route-table.js';

export interface OpenApiOptions {
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string; description?: string }>;
  /** Shared schemas, shown once under their name (e.g. `Request`) and referred to wherever they are used. */
  schemas?: Readonly<Record<string, z.ZodType>>;
  /** The OpenAPI 3.1 `webhooks` section: requests the service sends, by name (e.g. an event name). */
  webhooks?: Readonly<Record<string, OpenApiWebhook>>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: OpenApiOptions['info'];
  servers: OpenApiOptions['servers'];
  paths: Record<string, Record<string, JsonSchema>>;
  webhooks?: Record<string, JsonSchema>;
  components: Record<string, Record<string, JsonSchema>>;
  // Extensions (`x-…`) and any field a later OpenAPI version adds.
  [field: string]: unknown;
}

const ERROR_DESCRIPTIONS: Record<keyof typeof ERROR_RESPONSES, [description: string, schema: keyof typeof ERROR_SCHEMAS]> = {
  400: ['A bad parameter or a body that is not valid JSON', 'Error'],
  401: ['No valid bearer token; `WWW-Authenticate: Bearer`', 'Error'],
  403: ['No access to the account, or the token lacks the scope or the caller the role the route needs', 'Error'],
  404: ['No such record in the account of the call (or not one the caller may read)', 'Error'],
  409: ['The change conflicts with the state of the record', 'Error'],
  413: ['The body is larger than the configured limit', 'Error'],
  415: ['The body has a charset or content encoding the server does not read', 'Error'],
  422: ['Input that does not pass validation, every problem as a `[field, message]` pair; nothing was stored', 'ValidationError'],
  429: ['A request-rate window is spent; retry after `Retry-After` seconds', 'TooManyRequests'],
  500: ['An unexpected failure, with the id to find it in the log', 'ServerError'],
  503: ['The server cannot take the work now (its database is unreachable, a pool is full); `reason` says which; retry after `Retry-After` seconds', 'Error'],
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

function errorResponses(outputs: SchemaComponents): Record<string, JsonSchema> {
  return Object.fromEntries(
    (Object.keys(ERROR_RESPONSES) as Array<`${keyof typeof ERROR_RESPONSES}`>).map((key) => {
      const status = Number(key) as keyof typeof ERROR_RESPONSES;
      const [description, schema] = ERROR_DESCRIPTIONS[status];
      const headers =
        status === 401
          ? { 'WWW-Authenticate': { description: 'Always `Bearer`', schema: { type: 'string' } } }
          : status === 429
            ? {
                'Retry-After': integerHeader('Seconds to wait before the next call'),
                ...Object.fromEntries(RATE_LIMIT_HEADER_NAMES.map((name) => [name, { $ref: `#/components/headers/${name}` }])),
              }
            : status === 503
              ? { 'Retry-After': integerHeader('Seconds to wait before the next call') }
              : undefined;
      const content = { 'application/json': { schema: outputs.ref(ERROR_SCHEMAS[schema], schema) } };
      return [ERROR_RESPONSES[status], { description, ...(headers ? { headers } : {}), content }];
    }),
  );
}

export function buildOpenApiDocument(routes: RouteTable, options: OpenApiOptions): OpenApiDocument {
  const schemas = { inputs: new SchemaComponents('input'), outputs: new SchemaComponents('output') };
  for (const [name, schema] of Object.entries(options.schemas ?? {})) schemas.outputs.ref(schema, name);
  const responses = errorResponses(schemas.outputs);
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method] = operationOf(route, schemas);
  }
  const webhooks = options.webhooks ? webhooksSection(options.webhooks, schemas.outputs) : undefined;
  const outputSchemas = schemas.outputs.toJson();
  const inputSchemas = schemas.inputs.toJson();
  for (const name of Object.keys(inputSchemas)) {
    if (name in outputSchemas) throw new Error(`The API document names both a request body and a response '${name}'`);
  }
  return {
    openapi: '3.1.0',
    info: options.info,
    servers: options.servers,
    paths,
    ...(webhooks ? { webhooks } : {}),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token, or an OAuth access token of an application' },
        // The account header goes with the token on every guarded call, so it is a scheme rather than a
        // parameter of each operation: a generated client sets it once, where it sets the token.
        serviceAccount: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-Account',
          description:
            'The account the call acts in: one the person belongs to, or a support domain of their directory account ' +
            `(an account id, \`${ACCOUNT_ID_PATTERN.source}\`). Required together with the bearer token.`,
        },
      },
      headers: {
        'X-RateLimit-Limit': integerHeader('Calls allowed in the hourly window'),
        'X-RateLimit-Remaining': integerHeader('Calls left in the hourly window'),
        'X-RateLimit-Reset': integerHeader('When the hourly window resets, in UTC epoch seconds'),
      },
      responses,
      schemas: { ...outputSchemas, ...inputSchemas },
    },
  };
}
