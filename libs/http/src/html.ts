/**
 * Server-rendered HTML for the few pages a person's browser sees (sign-in and
 * consent, the feedback answer): every interpolated value escaped unless it is
 * markup built the same way, so a value from a record can never become markup.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML element or a quoted attribute. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Marks markup built from escaped parts, so that it is not escaped twice. */
export interface Markup {
  readonly html: string;
}

export const markup = (html: string): Markup => ({ html });

/** A template literal tag: every `${value}` is escaped unless it is Markup (or an array of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const part = (value: unknown): string => {
    if (Array.isArray(value)) return value.map(part).join('');
    if (value && typeof value === 'object' && 'html' in value) return (value as Markup).html;
    return escapeHtml(value);
  };
  return markup(strings.reduce((out, text, i) => out + text + (i < values.length ? part(values[i]) : ''), ''));
}
