import { html, type Markup } from './html.js';

export interface ConsentPageView {
  uid: string;
  csrf: string;
  applicationName: string;
  integrationName: string;
  /** What the application will be allowed to do: the scopes of this request. */
  scopes: string[];
  /** What its integration never allows, whatever it asks for. */
  deniedScopes: string[];
}

export function consentPage(view: ConsentPageView): Markup {
  return html`<h1>Authorize ${view.applicationName}</h1>
<p><strong>${view.applicationName}</strong> (integration ${view.integrationName}) asks for access to your Tessera account with these scopes:</p>
<ul class="scopes">${view.scopes.map((scope) => html`<li><code>${scope}</code></li>`)}</ul>
${view.deniedScopes.length > 0 ? html`<p>It is never allowed: ${view.deniedScopes.map((scope, i) => html`${i > 0 ? ', ' : ''}<code>${scope}</code>`)}.</p>` : ''}
<form method="post" action="/interaction/${encodeURIComponent(view.uid)}/consent">
  <input type="hidden" name="csrf_token" value="${view.csrf}">
  <button type="submit" name="decision" value="allow">Allow</button>
  <button type="submit" name="decision" value="deny">Deny</button>
</form>`;
}
