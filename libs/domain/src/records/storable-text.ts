/**
 * Text PostgreSQL cannot keep as it was written: a NUL (U+0000), which its
 * text and JSON refuse, and a lone UTF-16 surrogate (`"t\ud800"` in JSON),
 * which its JSON refuses (the audit line, a 500) and its text would store as
 * U+FFFD. Refused wherever text comes in, as a problem of the field.
 */

// Code units, not code points (no `u` flag): a high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with `text` as stored text ("contains a NUL character"), to follow the field's label; null when nothing is. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character';
  return LONE_SURROGATE.test(text) ? 'contains invalid Unicode (a lone surrogate)' : null;
}

/** `text` as a message or a field name can show it: NULs and lone surrogates as `\u` escapes. */
export function shownText(text: string): string {
  const escaped = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return text.replaceAll('\u0000', escaped('\u0000')).replace(new RegExp(LONE_SURROGATE.source, 'g'), escaped);
}
