/** The demo application as a real OAuth client (openid-client), and a browser that takes a person through the pages. */
import * as oauth from 'openid-client';
import type { AuthHarness } from './auth-harness.js';
import { Browser, type Visit } from './browser.js';

export async function demoClient(h: AuthHarness): Promise<oauth.Configuration> {
  const { client_id, client_secret } = h.demo.oauth_client;
  // RFC 8414 metadata (algorithm oauth2), not OpenID discovery; plain HTTP only in tests.
  return oauth.discovery(new URL(h.issuer), client_id, undefined, oauth.ClientSecretPost(client_secret), { execute: [oauth.allowInsecureRequests], algorithm: 'oauth2' });
}

export interface Person {
  email: string;
  password: string;
}

/** Login form, when shown, then the consent form with Allow, when shown; returns where the browser was sent back to. */
export async function authorizeIn(browser: Browser, url: string, person: Person, expect: { login: boolean; consent: boolean }): Promise<URL> {
  let page: Visit = await browser.get(url);
  if (expect.login) {
    if (!page.html.includes('Sign in to Tessera')) throw new Error(`expected the login page, got ${page.status} ${page.location ?? page.html}`);
    page = await browser.submit(page, '/login', { email: person.email, password: person.password });
  }
  if (expect.consent) {
    if (!page.html.includes('<h1>Authorize')) throw new Error(`expected the consent page, got ${page.status} ${page.location ?? page.html}`);
    page = await browser.submit(page, '/consent', { decision: 'allow' });
  }
  if (!page.location) throw new Error(`expected a redirect to the application, got ${page.status}: ${page.html.slice(0, 500)}`);
  return new URL(page.location);
}

/** A full authorization with PKCE through openid-client: the tokens of a new code. */
export async function authorizeAndRedeem(config: oauth.Configuration, browser: Browser, person: Person, expect: { login: boolean; consent: boolean }, redirectUri: string) {
  const verifier = oauth.randomPKCECodeVerifier();
  const state = oauth.randomState();
  const url = oauth.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri, state, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  });
  const callback = await authorizeIn(browser, url.href, person, expect);
  const tokens = await oauth.authorizationCodeGrant(config, callback, { expectedState: state, pkceCodeVerifier: verifier });
  return { tokens, callback, verifier };
}
