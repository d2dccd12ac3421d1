/**
 * Text PostgreSQL cannot keep as written (a NUL, a lone UTF-16 surrogate:
 * the domain's `unstorableText`) would fail its statement, a 500, or be
 * stored changed. Every structured input is checked for it before a route
 * sees it, so the caller gets the field that holds one.
 */
import { shownText, unstorableText } from '@tessera/domain';
import { humanize } from './events/event-input.js';

const problem = (path: string, what: string): [string, string] => [path, `${humanize(path)} ${what}`];

/** `[field, message]` for every string and key in `value` (a parsed JSON or form body, GraphQL variables) that PostgreSQL cannot store; field paths as the 422s name them. */
export function unstorableTextFields(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') {
    const what = unstorableText(value);
    return what ? [problem(path || 'body', what)] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableTextFields(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.entries(value).flatMap(([key, item]) => {
      const shownKey = shownText(key);
      const what = unstorableText(key);
      const named = what ? [problem(path ? `${path}.${shownKey}` : shownKey, what)] : [];
      return [...named, ...unstorableTextFields(item, path ? `${path}.${shownKey}` : shownKey)];
    });
  }
  return [];
}
