/**
 * What the `scope` parameter may hold (SPEC.md "Authentication", REFERENCE.md
 * "OAuth", decision 019 "Plain OAuth 2.0 scopes"): values the application's
 * integration allows, on /authorize and on a refresh. Anything else is
 * invalid_scope, also when no value is known and when the person consented
 * before; odd input (whitespace, very long, unicode, repeats) never gets a 5xx,
 * only the errors of RFC 6749.
 */
import { loginOf, startAuthHarness, type AuthHarness } from './support/auth-harness.js';
import { Browser } from './support/browser.js';
import { authorizeIn } from './support/oauth-client.js';

/** RFC 6749 §4.1.2.1 and §5.2, without server_error: a client error is never the server's fault. */
const AUTHORIZATION_ERRORS = ['invalid_request', 'unauthorized_client', 'access_denied', 'unsupported_response_type', 'invalid_scope'];
const TOKEN_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'];

/** [case, scope value, outcome]: `code` = the application's scopes as asked, else the error expected. */
const SCOPE_CASES: Array<[string, string, string]> = [
  ['one unknown value', 'zzz:Read', 'invalid_scope'],
  ['a word that is no action', 'foo', 'invalid_scope'],
  ['unknown values only', 'zzz:Read foo', 'invalid_scope'],
  ['a known and an unknown value', 'request:Read foo', 'invalid_scope'],
  ['a denied action', 'request:Delete', 'invalid_scope'],
  ['an unknown value twice', 'foo foo', 'invalid_scope'],
  ['a known value twice', 'request:Read request:Read', 'code'],
  ['the empty string', '', 'code'],
  ['spaces only', '   ', 'invalid_scope'],
  ['two spaces between values', 'request:Read  me:Read', 'invalid_scope'],
  ['a leading space', ' request:Read', 'invalid_scope'],
  ['a tab between values', 'request:Read\tme:Read', 'invalid_scope'],
  ['a control character', 'request:Read\u0000', 'invalid_scope'],
  ['a very long unknown value', 'x'.repeat(6000), 'invalid_scope'],
  ['a known value many times', Array.from({ length: 400 }, () => 'request:Read').join(' '), 'code'],
  ['unicode letters', 'request:Réad', 'invalid_scope'],
  ['an emoji', '📝:Read', 'invalid_scope'],
  ['a no-break space between values', 'request:Read\u00a0me:Read', 'invalid_scope'],
  ['a lone surrogate', 'request:Read\ud800', 'invalid_scope'],
];

describe('the scope parameter', () => {
  let h: AuthHarness;
  let browser: Browser;
  beforeAll(async () => {
    h = await startAuthHarness();
    // The admin consented before and is signed in: a valid request gives a code at once.
    browser = new Browser(h.issuer);
    await authorizeIn(browser, h.authorizeUrl(), loginOf(h.demo.admin), { login: true, consent: true });
  });
  afterAll(() => h.close());

  const redirectUri = () => h.demo.oauth_client.redirect_uri;

  async function authorize(scope: string): Promise<URLSearchParams> {
    const page = await browser.get(h.authorizeUrl({ scope, state: 'st-scope' }));
    expect(page.status).toBeLessThan(500);
    expect(page.location).toBeDefined();
    const back = new URL(page.location!);
    expect(back.origin + back.pathname).toBe(redirectUri());
    expect(back.searchParams.get('state')).toBe('st-scope');
    return back.searchParams;
  }

  it.each([['one unknown value', 'zzz:Read'], ['a word that is no action', 'foo']])(
    'redirects a scope of %s with invalid_scope and no code, though the person consented before',
    async (_case, scope) => {
      const answer = await authorize(scope);
      expect(answer.get('code')).toBeNull();
      expect(answer.get('error')).toBe('invalid_scope');
      expect(answer.get('error_description')).toBeTruthy();
    },
  );

  it.each(SCOPE_CASES)('answers /authorize with a scope of %s as an OAuth client expects, never a 5xx', async (_case, scope, outcome) => {
    const answer = await authorize(scope);
    if (outcome === 'code') {
      expect(answer.get('error')).toBeNull();
      expect(answer.get('code')).toBeTruthy();
      return;
    }
    expect(answer.get('code')).toBeNull();
    expect(AUTHORIZATION_ERRORS).toContain(answer.get('error'));
    expect(answer.get('error')).toBe(outcome);
    expect(answer.get('error_description')).toBeTruthy();
  });

  it('refuses the scope parameter given twice with invalid_request', async () => {
    const page = await browser.get(`${h.authorizeUrl({ scope: 'request:Read' })}&scope=me:Read`);
    const answer = new URL(page.location!).searchParams;
    expect(answer.get('error')).toBe('invalid_request');
    expect(answer.get('error_description')).toBeTruthy();
  });

  it.each(SCOPE_CASES)('answers a refresh with a scope of %s with an RFC 6749 error or new tokens, never a 5xx', async (_case, scope, outcome) => {
    const code = (await authorize('')).get('code')!;
    const tokens = await h.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri() });
    expect(tokens.status).toBe(200);
    const refresh = await h.token({ grant_type: 'refresh_token', refresh_token: String(tokens.body['refresh_token']), scope });
    expect(refresh.status).toBeLessThan(500);
    if (outcome === 'code') {
      expect(refresh.status).toBe(200);
      expect(refresh.body['access_token']).toEqual(expect.any(String));
      return;
    }
    expect(refresh.status).toBe(400);
    expect(TOKEN_ERRORS).toContain(refresh.body['error']);
    expect(refresh.body['error']).toBe(outcome);
    expect(refresh.body['error_description']).toEqual(expect.any(String));
  });
});
