/**
 * The auth app's few server-rendered pages: one layout, every interpolated
 * value escaped, no script, so they work without JavaScript. Pages are never
 * cached and may not be framed.
 */
import type { Response } from 'express';
import { escapeHtml, html, markup, type Markup } from '@tessera/http';

// The escaping template tag is shared with the api's pages (libs/http); the auth pages keep importing it from here.
export { escapeHtml, html, markup, type Markup };

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
