/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a string carrying
 * one would fail its statement, a 500. Every structured input is checked for
 * it before a route sees it, so the caller gets the field that holds one.
 */

import { humanize } from './events/event-input.js';

const problem = (path: string): [string, string] => [path, `${humanize(path)} contains a NUL character`];

/** `[field, message]` for every string in `value` (a parsed JSON or form body) that holds a NUL; field paths as the 422s name them. */
export function nulCharacterFields(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return value.includes('\u0000') ? [problem(path || 'body')] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => nulCharacterFields(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.entries(value).flatMap(([key, item]) => {
      const shownKey = key.replaceAll('\u0000', '\\u0000');
      const named = key.includes('\u0000') ? [problem(path ? `${path}.${shownKey}` : shownKey)] : [];
      return [...named, ...nulCharacterFields(item, path ? `${path}.${key}` : key)];
    });
  }
  return [];
}
