/**
 * One route as an OpenAPI 3.1 operation: who may call it (security: the
 * token and the account header; `x-needs` and a sentence in the description), its
 * parameters and body, its answers and the errors its steps can raise.
 */
import type { z } from 'zod';
import { describeNeeds } from './route-needs.js';
import { inlineSchema, type JsonSchema, type SchemaComponents } from './openapi-schemas.js';
import { isPublicRoute, isRateLimited, type ResponseHeaderSpec, type RouteDeclaration, type RouteErrorStatus, type SuccessStatus } from './route-table.js';

/** Component names of the error answers, by status. */
export const ERROR_RESPONSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'ValidationFailed',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
} as const;

type ErrorStatus = keyof typeof ERROR_RESPONSES;

export const RATE_LIMIT_HEADER_NAMES = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/** `/v1/requests/:id` → `/v1/requests/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function pascal(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function operationOf(route: RouteDeclaration, schemas: { inputs: SchemaComponents; outputs: SchemaComponents }): JsonSchema {
  const guarded = !isPublicRoute(route);
  const parameters = [
    ...parametersOf(route.input.params, 'path'),
    ...parametersOf(route.input.query, 'query'),
  ];
  const body = route.input.body;
  const requestBody = body && {
    required: false,
    content: Object.fromEntries(body.mediaTypes.map((type) => [type, { schema: schemas.inputs.ref(body.schema, `${pascal(route.operationId)}Body`) }])),
  };
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: [route.description, describeNeeds(route.needs)].filter(Boolean).join('\n\n'),
    tags: [route.tag],
    'x-needs': route.needs,
    // One requirement naming both schemes: the token and the account header, together.
    security: guarded ? [{ bearerAuth: [], serviceAccount: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successesOf(route, isRateLimited(route), schemas.outputs), ...errorsOf(route, guarded) },
  };
}

function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = inlineSchema(schema, 'input');
  const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof description === 'string' ? { description } : {}),
    schema: property,
  }));
}

function headersOf(headers: Readonly<Record<string, ResponseHeaderSpec>>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, { description, schema }]) => [name, { description, schema: inlineSchema(schema, 'output') }]),
  );
}

function successesOf(route: RouteDeclaration, counted: boolean, outputs: SchemaComponents): Record<string, JsonSchema> {
  const rateLimitHeaders = counted ? Object.fromEntries(RATE_LIMIT_HEADER_NAMES.map((name) => [name, { $ref: `#/components/headers/${name}` }])) : {};
  return Object.fromEntries(
    (Object.entries(route.responses) as Array<[`${SuccessStatus}`, NonNullable<RouteDeclaration['responses'][SuccessStatus]>]>).map(([status, spec]) => {
      const headers = { ...rateLimitHeaders, ...headersOf(spec.headers ?? {}) };
      return [
        status,
        {
          description: spec.description,
          ...(Object.keys(headers).length > 0 ? { headers } : {}),
          ...(spec.schema ? { content: { 'application/json': { schema: outputs.ref(spec.schema, `${pascal(route.operationId)}${status}`) } } } : {}),
        },
      ];
    }),
  );
}

function errorsOf(route: RouteDeclaration, guarded: boolean): Record<string, { $ref: string }> {
  const statuses = new Set<ErrorStatus>([
    ...(guarded ? ([401, 403, 429] as const) : isRateLimited(route) ? ([429] as const) : []),
    // A body can be malformed, too large, or in a charset or encoding the server does not read.
    ...(route.input.body ? ([400, 413, 415] as const) : []),
    ...(route.errors ?? ([] as readonly RouteErrorStatus[])),
    500,
  ]);
  return Object.fromEntries([...statuses].sort().map((status) => [String(status), { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` }]));
}
