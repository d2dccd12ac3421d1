/**
 * zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1) for the API document.
 * Named schemas become `#/components/schemas/<name>`, and a schema used inside
 * a named one is referred to by name rather than repeated.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// zod writes what the JSON Schema reader already knows: the bounds of a safe integer and,
// for a datetime, a long pattern that restates `format: date-time`.
function tidy(ctx: { jsonSchema: JsonSchema }): void {
  const schema = ctx.jsonSchema;
  if (schema['minimum'] === -MAX_SAFE) delete schema['minimum'];
  if (schema['maximum'] === MAX_SAFE) delete schema['maximum'];
  if (schema['format'] === 'date-time') delete schema['pattern'];
}

/** One schema, inline (parameters, headers): it must not refer to others. */
export function inlineSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, $defs, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, override: tidy }) as JsonSchema;
  if ($defs) throw new Error('An inline schema of the API document refers to other schemas; name it instead');
  return json;
}

/** Named schemas of one direction (request bodies are read as input, responses written as output). */
export class SchemaComponents {
  private readonly registry = z.registry<{ id: string }>();
  private readonly named = new Map<string, z.ZodType>();

  constructor(private readonly io: 'input' | 'output') {}

  /** Names `schema` (or keeps the name it already has) and returns the reference to it. */
  ref(schema: z.ZodType, name: string): { $ref: string } {
    const id = this.registry.get(schema)?.id ?? name;
    if (!this.registry.has(schema)) {
      if (this.named.has(id)) throw new Error(`Two different schemas are named '${id}' in the API document`);
      this.named.set(id, schema);
      this.registry.add(schema, { id });
    }
    return { $ref: `#/components/schemas/${id}` };
  }

  toJson(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, {
      target: 'draft-2020-12',
      io: this.io,
      uri: (id) => `#/components/schemas/${id}`,
      override: tidy,
    }) as { schemas: Record<string, JsonSchema> };
    if ('__shared' in schemas) throw new Error('A schema of the API document has a global id; name it through the route table instead');
    // `$id` here would be a fragment, which 2020-12 forbids; the dialect is the document's own.
    return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...json }]) => [id, json]));
  }
}
