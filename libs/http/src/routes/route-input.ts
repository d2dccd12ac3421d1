/**
 * Ready-made `input` declarations: none, or zod schemas that are both the
 * document and the parser (a bad path parameter is a 404, a bad query
 * parameter a 400, a bad body a 422 with `[field, message]` pairs).
 */
import type { z } from 'zod';
import { badParameter, notFound, validationFailed } from '@tessera/domain';
import { parseWriteBody, unstorableTextFields, type WriteBodyOptions } from '@tessera/validation';
import type { BodyMediaType, RawInput, RouteInput } from './route-table.js';

/** A body as it came, unless it holds text PostgreSQL cannot store (a NUL, a lone surrogate): 422 naming the field. */
function storable<T>(body: T): T {
  const unstorable = unstorableTextFields(body);
  if (unstorable.length > 0) throw validationFailed(unstorable);
  return body;
}

/** A route that reads nothing from the request. */
export const NO_INPUT: RouteInput<undefined> = { parse: () => undefined };

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ZodInputParts<P extends z.ZodObject | undefined, Q extends z.ZodObject | undefined, B extends z.ZodType | undefined> {
  params?: P;
  query?: Q;
  body?: { schema: B; mediaTypes: readonly BodyMediaType[] };
}

export function zodInput<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(parts: ZodInputParts<P, Q, B>): RouteInput<{ params: Parsed<P>; query: Parsed<Q>; body: Parsed<B> }> {
  return {
    ...(parts.params ? { params: parts.params } : {}),
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.body?.schema ? { body: { schema: parts.body.schema, mediaTypes: parts.body.mediaTypes } } : {}),
    parse: (raw: RawInput) => ({
      params: parsePart<P>(parts.params, raw.params, () => notFound()),
      query: parsePart<Q>(parts.query, raw.query, (issues) => badParameter(`Parameter '${issues[0]!.field}' ${issues[0]!.message}`)),
      body: parsePart<B>(parts.body?.schema, storable(raw.body) ?? {}, (issues) => validationFailed(issues.map(({ field, message }) => [field, message]))),
    }),
  };
}

export interface WriteInputParts<P extends z.ZodObject | undefined, B extends z.ZodObject> extends WriteBodyOptions {
  params?: P;
  /** A JSON body: its schema is the document, parseWriteBody the parser. */
  body: B;
}

/**
 * A POST or PATCH of a record: the path parameters first (a malformed or
 * unknown id is a 404 whatever the body says), then the body through
 * `parseWriteBody`, whose problems the use case reports with its own.
 */
export function writeInput<P extends z.ZodObject | undefined = undefined, B extends z.ZodObject = z.ZodObject>(
  parts: WriteInputParts<P, B>,
): RouteInput<{ params: Parsed<P>; body: z.output<B> }> {
  const { params, body, ...options } = parts;
  return {
    ...(params ? { params } : {}),
    body: { schema: body, mediaTypes: ['application/json'] },
    parse: (raw: RawInput) => ({
      params: parsePart<P>(params, raw.params, () => notFound()),
      body: parseWriteBody(body, raw.body, options),
    }),
  };
}

interface Issue {
  field: string;
  message: string;
}

function parsePart<S extends z.ZodType | undefined>(schema: S | undefined, raw: unknown, fail: (issues: Issue[]) => Error): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(raw);
  if (result.success) return result.data as Parsed<S>;
  throw fail(result.error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message })));
}
