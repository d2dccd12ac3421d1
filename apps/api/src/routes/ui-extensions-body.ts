/**
 * The body of POST and PATCH /ui_extensions: a value of the wrong type is a
 * 422 naming the field, and so is a read-only field or one a UI extension
 * does not have, rather than silently dropped.
 */
import type { z } from 'zod';
import { validationFailed, type FieldError, type UiExtensionInput } from '@tessera/domain';
import { zodInput, type RawInput, type RouteInput } from '@tessera/http';
import { uiExtensionBodySchema, uiExtensionParams } from './ui-extensions.schema.js';

const READ_ONLY = new Set(['id', 'active_version', 'prepared_version', 'created_at', 'updated_at', 'nodeID']);

function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue): FieldError[] => {
    const at = issue.path.join('.');
    if (issue.code !== 'unrecognized_keys') return [[at || '(body)', issue.message]];
    return issue.keys.map((key): FieldError => {
      const shown = (at ? `${at}.${key}` : key).slice(0, 80);
      return [shown, !at && READ_ONLY.has(key) ? `'${shown}' is read-only` : `'${shown}' is not a field of a UI extension`];
    });
  });
}

function parseBody(body: RawInput['body']): UiExtensionInput {
  const result = uiExtensionBodySchema.safeParse(body ?? {});
  if (!result.success) throw validationFailed(fieldErrors(result.error.issues));
  return result.data;
}

const JSON_BODY = { schema: uiExtensionBodySchema, mediaTypes: ['application/json'] } as const;
const idOf = zodInput({ params: uiExtensionParams });

export const createUiExtensionInput: RouteInput<UiExtensionInput> = { body: JSON_BODY, parse: ({ body }) => parseBody(body) };

/** The id first: a malformed id is a 404 whatever the body says. */
export const updateUiExtensionInput: RouteInput<{ id: number; body: UiExtensionInput }> = {
  params: uiExtensionParams,
  body: JSON_BODY,
  parse: (raw) => ({ id: idOf.parse(raw).params.id, body: parseBody(raw.body) }),
};
