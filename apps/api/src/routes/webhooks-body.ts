/**
 * The body of POST and PATCH /webhooks, parsed by its schema: a value of the
 * wrong type is a 422 naming the field, and so is a field a client cannot set
 * (a read-only one such as `id`, or one a webhook does not have), rather than
 * silently dropped: a typo like `diabled` must not look like it worked.
 */
import type { z } from 'zod';
import { validationFailed, type FieldError, type WebhookInput } from '@tessera/domain';
import { zodInput, type RawInput, type RouteInput } from '@tessera/http';
import { webhookBodySchema, webhookParams } from './webhooks.schema.js';

const READ_ONLY = new Set(['id', 'attachments', 'created_at', 'updated_at', 'last_error', 'nodeID']);

function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue): FieldError[] => {
    const at = issue.path.join('.');
    if (issue.code !== 'unrecognized_keys') return [[at || '(body)', issue.message]];
    return issue.keys.map((key): FieldError => {
      const field = at ? `${at}.${key}` : key;
      const shown = field.slice(0, 80);
      return [shown, !at && READ_ONLY.has(key) ? `'${shown}' is read-only` : `'${shown}' is not a field of a webhook`];
    });
  });
}

export function parseWebhookBody(body: RawInput['body']): WebhookInput {
  const result = webhookBodySchema.safeParse(body ?? {});
  if (!result.success) throw validationFailed(fieldErrors(result.error.issues));
  return result.data;
}

const JSON_BODY = { schema: webhookBodySchema, mediaTypes: ['application/json'] } as const;
const idOf = zodInput({ params: webhookParams });

export const createWebhookInput: RouteInput<WebhookInput> = {
  body: JSON_BODY,
  parse: ({ body }) => parseWebhookBody(body),
};

/** The id first: a malformed id is a 404 whatever the body says. */
export const updateWebhookInput: RouteInput<{ id: number; body: WebhookInput }> = {
  params: webhookParams,
  body: JSON_BODY,
  parse: (raw) => ({ id: idOf.parse(raw).params.id, body: parseWebhookBody(raw.body) }),
};
