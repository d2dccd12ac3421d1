/**
 * The auth app's few server-rendered pages: one layout, every interpolated
 * value escaped, no script, so they work without JavaScript. Pages are never
 * cached and may not be framed.
 */
import type { Response } from 'express';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML element or a quoted attribute. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Marks markup built from escaped parts, so `layout` does not escape it twice. */
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

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem}input[type=email],input[type=password]{width:100%;padding:.4rem;box-sizing:border-box}
button{margin:1rem .5rem 0 0;padding:.45rem 1.2rem}.error{color:#a00;border:1px solid #a00;padding:.5rem}ul{padding-left:1.2rem}code{font-size:.95em}`;

export function page(title: string, body: Markup): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Tessera</title><style>${STYLE}</style></head>
<body><main>
${body.html}
</main></body>
</html>`;
}

/**
 * `formTargets`: origins a form's answer may redirect to. Browsers apply
 * form-action to the redirects after a submission too, so the login and consent
 * forms must name the application's redirect_uri origin or Chromium stops there.
 */
export function sendPage(res: Response, status: number, title: string, body: Markup, formTargets: readonly string[] = []): void {
  const formAction = ["'self'", ...formTargets.filter((origin) => /^https?:\/\/[^\s;,']+$/.test(origin))].join(' ');
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'` })
    .send(page(title, body));
}
