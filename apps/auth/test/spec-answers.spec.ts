/**
 * The answers SPEC.md "Authentication" and "Errors" spell out, seen on the wire:
 * GET /authorize answers 302 Found, to the prompt, with a code, or with an
 * error (always with error_description); redirect_uri is required on the code
 * exchange; /token takes a JSON body as well as a form (REFERENCE.md "OAuth").
 */
import { loginOf, startAuthHarness, type AuthHarness } from './support/auth-harness.js';
import { Browser } from './support/browser.js';
import { authorizeIn } from './support/oauth-client.js';

describe('the status codes and parameters of SPEC.md', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  const client = () => h.demo.oauth_client;
  const admin = () => loginOf(h.demo.admin);
  const raw = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
  async function newCode(browser = new Browser(h.issuer)): Promise<string> {
    await h.test.db('oauth_artifacts').delete();
    return (await authorizeIn(browser, h.authorizeUrl(), admin(), { login: true, consent: true })).searchParams.get('code')!;
  }
  async function postToken(body: string, headers: Record<string, string>) {
    const res = await fetch(`${h.issuer}/token`, { method: 'POST', headers: { accept: 'application/json', ...headers }, body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  describe('GET /authorize', () => {
    it('answers 302 Found with the prompt page as Location', async () => {
      const res = await raw(h.authorizeUrl());
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location')!, h.issuer).pathname).toMatch(/^\/interaction\/[\w-]+$/);
    });

    it.each([
      ['an invalid scope', { scope: 'request:Delete' }, 'invalid_scope'],
      ['an unsupported response_type', { response_type: 'code token' }, 'unsupported_response_type'],
      ['an unsupported prompt', { prompt: 'select_account' }, 'invalid_request'],
      ['prompt=none for a person not signed in', { prompt: 'none' }, 'login_required'],
      ['a request object', { request: 'eyJhbGciOiJub25lIn0.e30.' }, 'request_not_supported'],
      ['a request_uri', { request_uri: 'urn:example:request' }, 'request_uri_not_supported'],
      ['a PKCE challenge without a method', { code_challenge: 'a'.repeat(43) }, 'invalid_request'],
      ['a negative max_age', { max_age: '-1' }, 'invalid_request'],
    ])('answers %s with 302 Found to the redirect_uri with error, error_description and state', async (_case, params, error) => {
      const res = await raw(h.authorizeUrl({ state: 'st-302', ...params }));
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(client().redirect_uri);
      // A response type with a token answers in the fragment (RFC 6749 §4.2.2.1).
      const answer = back.hash ? new URLSearchParams(back.hash.slice(1)) : back.searchParams;
      expect(answer.get('error')).toBe(error);
      expect(answer.get('error_description')).toEqual(expect.stringMatching(/\S/));
      expect(answer.get('state')).toBe('st-302');
    });

    it('answers 302 Found with the code for a person who consented before, and after the consent page', async () => {
      const browser = new Browser(h.issuer);
      await h.test.db('oauth_artifacts').delete();
      const login = await browser.get(h.authorizeUrl());
      const consent = await browser.submit(login, '/login', admin());
      const allowed = await browser.submit(consent, '/consent', { decision: 'allow' });
      expect(allowed.status).toBe(302);
      expect(new URL(allowed.location!).searchParams.get('code')).toBeTruthy();
      const again = await browser.get(h.authorizeUrl());
      expect(again.status).toBe(302);
      expect(new URL(again.location!).searchParams.get('code')).toBeTruthy();
    });

    it('answers a Deny with 302 Found and error_description', async () => {
      const browser = new Browser(h.issuer);
      await h.test.db('oauth_artifacts').delete();
      const consent = await browser.submit(await browser.get(h.authorizeUrl()), '/login', admin());
      const denied = await browser.submit(consent, '/consent', { decision: 'deny' });
      expect(denied.status).toBe(302);
      expect(new URL(denied.location!).searchParams.get('error_description')).toEqual(expect.stringMatching(/\S/));
    });

    it('refuses a request without redirect_uri with an error page, as SPEC.md requires it', async () => {
      const url = new URL(h.authorizeUrl());
      url.searchParams.delete('redirect_uri');
      const page = await new Browser(h.issuer).get(url.href);
      expect(page.status).toBe(400);
      expect(page.location).toBeUndefined();
      expect(page.html).toContain('<code>invalid_request</code>');
      expect(page.html).toContain('redirect_uri');
    });
  });

  describe('POST /token', () => {
    it('refuses a code exchange without redirect_uri with 400 invalid_request, and the code stays usable', async () => {
      const code = await newCode();
      const res = await h.token({ grant_type: 'authorization_code', code });
      expect(res).toEqual({ status: 400, body: { error: 'invalid_request', error_description: "missing required parameter 'redirect_uri'" } });
      expect((await h.token({ grant_type: 'authorization_code', code, redirect_uri: client().redirect_uri })).status).toBe(200);
    });

    it('takes a JSON body with client_secret in it, for the code exchange and the refresh', async () => {
      const code = await newCode();
      const json = { 'content-type': 'application/json' };
      const tokens = await postToken(JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: client().redirect_uri, client_id: client().client_id, client_secret: client().client_secret }), json);
      expect(tokens.status).toBe(200);
      expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String), refresh_token: expect.any(String) });
      const refreshed = await postToken(JSON.stringify({ grant_type: 'refresh_token', refresh_token: tokens.body['refresh_token'], client_id: client().client_id, client_secret: client().client_secret }), { 'content-type': 'application/json; charset=utf-8' });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body['refresh_token']).not.toBe(tokens.body['refresh_token']);
    });

    it('takes a JSON body with the client authenticated by HTTP Basic', async () => {
      const code = await newCode();
      const basic = Buffer.from(`${encodeURIComponent(client().client_id)}:${encodeURIComponent(client().client_secret)}`).toString('base64');
      const res = await postToken(JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: client().redirect_uri }), { 'content-type': 'application/json', authorization: `Basic ${basic}` });
      expect(res.status).toBe(200);
      expect(res.body['access_token']).toEqual(expect.any(String));
    });

    it('refuses a JSON body with a wrong secret with 401 invalid_client, as a form', async () => {
      const res = await postToken(JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x', client_id: client().client_id, client_secret: 'tsr_cs_wrong' }), { 'content-type': 'application/json' });
      expect(res).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } });
    });

    it.each([
      ['malformed JSON', '{"grant_type": '],
      ['a JSON array', '[1, 2]'],
      ['a JSON string', '"grant_type"'],
      ['an object as a parameter value', '{"grant_type": {"a": 1}}'],
      ['a list as a parameter value', '{"grant_type": ["refresh_token", "authorization_code"]}'],
    ])('refuses %s with 400 invalid_request and error_description', async (_case, body) => {
      const res = await postToken(body, { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(/\S/) });
    });
  });
});
