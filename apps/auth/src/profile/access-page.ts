/**
 * "Access and Security": the applications a person authorized and their
 * personal access tokens, each with Revoke, the form that creates a token,
 * and Sign out. Every change is a POST form carrying the CSRF token; the page
 * works without JavaScript. A new token's value appears once, on the answer
 * to the form that created it, and is never stored or shown again.
 */
import type { FieldError, OAuthAuthorization, PersonalAccessTokenListing } from '@tessera/domain';
import { html, type Markup } from '../pages/html.js';

export interface TokenFormValues {
  name?: string;
  scopes?: string;
  expires_on?: string;
}

export interface AccessPageView {
  person: { name: string; email: string };
  csrf: string;
  applications: OAuthAuthorization[];
  tokens: PersonalAccessTokenListing[];
  /** The token just created: its only appearance. */
  created?: { name: string; value: string };
  /** What the create form held when it was refused, and why. */
  form?: TokenFormValues;
  errors?: FieldError[];
  notice?: string;
  now?: Date;
}

const FIELD_LABELS: Record<string, string> = { name: 'Name', scopes: 'Scopes', expires_on: 'Expires on' };

const when = (date: Date) => html`<time datetime="${date.toISOString()}">${date.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>`;

function hiddenCsrf(csrf: string): Markup {
  return html`<input type="hidden" name="csrf_token" value="${csrf}">`;
}

function applicationsSection(view: AccessPageView): Markup {
  if (view.applications.length === 0) return html`<p>You have not authorized any application.</p>`;
  return html`<ul class="applications">${view.applications.map((app) => html`<li class="application">
  <strong>${app.applicationName ?? `${app.clientId} (deleted)`}</strong>, authorized ${when(app.createdAt)}<br>
  Scopes: ${app.scope === '' ? 'none' : app.scope.split(' ').map((scope, i) => html`${i > 0 ? ', ' : ''}<code>${scope}</code>`)}
  <form method="post" action="/profile/applications/${encodeURIComponent(app.clientId)}/revoke">
    ${hiddenCsrf(view.csrf)}
    <button type="submit">Revoke</button>
  </form>
</li>`)}</ul>`;
}

function tokensSection(view: AccessPageView): Markup {
  const now = view.now ?? new Date();
  if (view.tokens.length === 0) return html`<p>You have no personal access tokens.</p>`;
  return html`<ul class="tokens">${view.tokens.map((token) => html`<li class="token">
  <strong>${token.name}</strong><br>
  Scopes: ${token.scopes.map((scope, i) => html`${i > 0 ? '; ' : ''}<code>${scope}</code>`)}<br>
  Created ${when(token.createdAt)};
  ${token.expiresAt ? html`${token.expiresAt <= now ? 'expired' : 'expires'} ${when(token.expiresAt)}` : 'never expires'};
  ${token.lastUsedAt ? html`last used ${when(token.lastUsedAt)}` : 'never used'}
  <form method="post" action="/profile/tokens/${token.id}/revoke">
    ${hiddenCsrf(view.csrf)}
    <button type="submit">Revoke</button>
  </form>
</li>`)}</ul>`;
}

function createForm(view: AccessPageView): Markup {
  const form = view.form ?? {};
  const errors = view.errors ?? [];
  return html`<h3>Create a token</h3>
${errors.length > 0 ? html`<div class="error" role="alert"><p>The token was not created:</p><ul>${errors.map(([field, message]) => html`<li>${FIELD_LABELS[field] ?? field}: ${message}</li>`)}</ul></div>` : ''}
<form method="post" action="/profile/tokens">
  ${hiddenCsrf(view.csrf)}
  <label for="token-name">Name</label>
  <input id="token-name" type="text" name="name" required maxlength="128" value="${form.name ?? ''}">
  <label for="token-scopes">Scopes, one per line (e.g. <code>request:Read</code>, <code>deny request:Delete</code>)</label>
  <textarea id="token-scopes" name="scopes" rows="4" cols="40" required>${form.scopes ?? ''}</textarea>
  <label for="token-expires">Expires on (optional; the token works through that day, UTC)</label>
  <input id="token-expires" type="date" name="expires_on" value="${form.expires_on ?? ''}">
  <button type="submit">Create token</button>
</form>`;
}

export function accessPage(view: AccessPageView): Markup {
  return html`<style>input[type=text],input[type=date],textarea{width:100%;padding:.4rem;box-sizing:border-box}li{margin-bottom:.8rem}li form button{margin-top:.3rem}.notice,.created{border:1px solid #070;padding:.5rem}#new-token{word-break:break-all}</style>
<h1>Access and Security</h1>
<p>Signed in as <strong>${view.person.name}</strong> (${view.person.email}).</p>
${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
${view.created ? html`<div class="created" role="status"><p>Your new token <strong>${view.created.name}</strong>. Copy it now: it will not be shown again.</p>
<p><code id="new-token">${view.created.value}</code></p></div>` : ''}
<h2>Authorized applications</h2>
${applicationsSection(view)}
<h2>Personal access tokens</h2>
${createForm(view)}
<h3>Your tokens</h3>
${tokensSection(view)}
<h2>Sign out</h2>
<form method="post" action="/profile/sign-out">
  ${hiddenCsrf(view.csrf)}
  <button type="submit">Sign out</button>
</form>`;
}
