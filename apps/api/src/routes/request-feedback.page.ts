/**
 * The pages a requester's browser shows after clicking a feedback link: thanks,
 * or a bland "Not Found". Static markup with every value escaped, no script, no
 * form, no outside resource: the CSP allows the one inline style (by its hash)
 * and nothing else, and no other site may frame the page.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { html, markup, type Markup } from '@tessera/http';
import type { FeedbackAnswer } from '@tessera/domain';

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}h1{font-size:1.4rem}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const CONTENT_SECURITY_POLICY = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const ANSWER_TEXT: Record<FeedbackAnswer, string> = {
  satisfied: 'You told us you are satisfied with how it was handled.',
  dissatisfied: 'You told us you are not satisfied with how it was handled. We are sorry to hear it.',
};

export function sendFeedbackPage(res: Response, status: 200 | 404, title: string, body: Markup): void {
  const document = html`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Tessera</title><style>${markup(STYLE)}</style></head>
<body><main>
${body}
</main></body>
</html>`;
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CONTENT_SECURITY_POLICY })
    .send(document.html);
}

export function thanksBody(request: { id: number; subject: string }, answer: FeedbackAnswer): Markup {
  return html`<h1>Thank you for your feedback</h1>
<p>Request #${request.id}: “${request.subject}”</p>
<p>${ANSWER_TEXT[answer]} If you change your mind, use the other link in the e-mail.</p>`;
}

/** The same words for every link the service does not honour, whatever the reason. */
export const NOT_FOUND_BODY: Markup = html`<h1>Not Found</h1>
<p>This link is not valid, or no longer is.</p>`;
