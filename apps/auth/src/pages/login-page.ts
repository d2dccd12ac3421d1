import { html, type Markup } from './html.js';

export interface LoginPageView {
  uid: string;
  csrf: string;
  applicationName: string;
  /** Where the form posts; default the interaction's login (the profile pages sign in at their own). */
  action?: string;
  email?: string;
  message?: string;
}

export function loginPage(view: LoginPageView): Markup {
  return html`<h1>Sign in to Tessera</h1>
${view.applicationName ? html`<p><strong>${view.applicationName}</strong> asks to use your Tessera account.</p>` : ''}
${view.message ? html`<p class="error" role="alert">${view.message}</p>` : ''}
<form method="post" action="${view.action ?? `/interaction/${encodeURIComponent(view.uid)}/login`}" autocomplete="on">
  <input type="hidden" name="csrf_token" value="${view.csrf}">
  <label for="email">E-mail</label>
  <input id="email" type="email" name="email" required autofocus value="${view.email ?? ''}">
  <label for="password">Password</label>
  <input id="password" type="password" name="password" required>
  <button type="submit">Sign in</button>
</form>`;
}
