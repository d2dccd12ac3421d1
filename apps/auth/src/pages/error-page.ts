/**
 * What a person's browser sees when the authorization request cannot be
 * redirected back (unknown client, unregistered redirect_uri) or a page fails:
 * the OAuth error code and its description, never a stack or an internal message.
 */
import { html, page, type Markup } from './html.js';

export function errorBody(error: string, description: string | undefined): Markup {
  return html`<h1>This request cannot continue</h1>
<p class="error"><code>${error}</code>${description ? html`: ${description}` : ''}</p>
<p>Go back to the application and try again.</p>`;
}

export function errorPageHtml(error: string, description: string | undefined): string {
  return page('Sign-in failed', errorBody(error, description));
}
