/**
 * The OpenAPI 3.1 `webhooks` section: the requests the service sends rather
 * than answers, one entry per event a receiver may subscribe to, each a POST
 * with its headers and its body's schemas (named components, so a receiver's
 * generator gets one type per message).
 */
import type { z } from 'zod';
import type { SchemaComponents, JsonSchema } from './openapi-schemas.js';

export interface OpenApiWebhook {
  summary: string;
  description?: string;
  /** The bodies the request may carry (e.g. the message, or its signed form): one schema each, named. */
  bodies: ReadonlyArray<{ name: string; schema: z.ZodType }>;
  headers: ReadonlyArray<{ name: string; required: boolean; description: string }>;
  /** What the receiver's answer means to the sender. */
  answer: string;
  tag?: string;
}

export function webhooksSection(webhooks: Readonly<Record<string, OpenApiWebhook>>, outputs: SchemaComponents): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(webhooks).map(([name, webhook]) => {
      const refs = webhook.bodies.map((body) => outputs.ref(body.schema, body.name));
      const post = {
        operationId: `webhook.${name}`,
        summary: webhook.summary,
        ...(webhook.description ? { description: webhook.description } : {}),
        ...(webhook.tag ? { tags: [webhook.tag] } : {}),
        // The service presents no credential the receiver issued: a message is authenticated by its
        // signature headers (and signed body), which the receiver checks itself.
        security: [],
        parameters: webhook.headers.map((header) => ({ name: header.name, in: 'header', required: header.required, description: header.description, schema: { type: 'string' } })),
        requestBody: { required: true, content: { 'application/json': { schema: refs.length === 1 ? refs[0] : { oneOf: refs } } } },
        responses: { '2XX': { description: webhook.answer } },
      };
      return [name, { post }];
    }),
  );
}
