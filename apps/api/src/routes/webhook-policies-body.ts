/**
 * The body of a webhook policy write: a field the client cannot set is a 422
 * naming it (read-only, like the generated `name`, or unknown), not silently
 * dropped, so a client that means to set the name learns it cannot.
 */
import { validationFailed, type FieldError } from '@tessera/domain';
import { zodInput, type RawInput, type RouteInput } from '@tessera/http';
import type { z } from 'zod';
import { webhookPolicyBodySchema, webhookPolicySchema, webhookPolicyWithKeySchema } from './webhook-policies.schema.js';

const WRITABLE = new Set(Object.keys(webhookPolicyBodySchema.shape));
const READ_ONLY = new Set([...Object.keys(webhookPolicySchema.shape), ...Object.keys(webhookPolicyWithKeySchema.shape)]);
const JSON_BODY = ['application/json'] as const;

function notWritable(body: RawInput['body']): FieldError[] {
  return Object.keys(body ?? {})
    .filter((key) => !WRITABLE.has(key))
    .map((key): FieldError => [key, READ_ONLY.has(key) ? `${key} is read-only` : `${key} is not a field of a webhook policy`]);
}

/** The route input of a policy write, with or without the path id. */
export function webhookPolicyInput<P extends z.ZodObject | undefined>(params?: P) {
  const input = zodInput({ ...(params ? { params } : {}), body: { schema: webhookPolicyBodySchema, mediaTypes: JSON_BODY } }) as RouteInput<{
    params: P extends z.ZodObject ? z.output<P> : undefined;
    body: z.output<typeof webhookPolicyBodySchema>;
  }>;
  const path = params ? zodInput({ params }) : null;
  return {
    ...input,
    parse: (raw: RawInput) => {
      // An unknown policy is a 404 whatever the body says.
      path?.parse({ ...raw, body: undefined });
      const errors = notWritable(raw.body);
      if (errors.length > 0) throw validationFailed(errors);
      return input.parse(raw);
    },
  };
}
