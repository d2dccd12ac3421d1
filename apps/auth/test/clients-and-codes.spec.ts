/**
 * Which requests are refused, and how (SPEC.md "Errors"; REFERENCE.md "OAuth"):
 * an unknown client or an unregistered redirect_uri is never redirected to; a
 * valid redirect_uri gets the error in the redirect; a disabled application or
 * integration is refused at once; a code is redeemed once, even by three
 * simultaneous requests; login attempts are limited.
 */
import { loginOf, startAuthHarness, type AuthHarness } from './support/auth-harness.js';
import { Browser } from './support/browser.js';
import { authorizeIn } from './support/oauth-client.js';

describe('clients, redirect URIs and codes', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  const admin = () => loginOf(h.demo.admin);
  const redirectUri = () => h.demo.oauth_client.redirect_uri;
  const setDisabled = (table: 'oauth_applications' | 'integrations', disabled: boolean) =>
    table === 'oauth_applications'
      ? h.test.db('oauth_applications').where({ client_id: h.demo.oauth_client.client_id }).update({ disabled })
      : h.test.db('integrations').where({ id: h.demo.integration_id }).update({ disabled });
  async function newCode(): Promise<string> {
    await h.test.db('oauth_artifacts').delete();
    const callback = await authorizeIn(new Browser(h.issuer), h.authorizeUrl(), admin(), { login: true, consent: true });
    return callback.searchParams.get('code')!;
  }

  it.each([
    ['an unknown client', { client_id: 'tsr_app_unknown' }, 'invalid_client'],
    ['a redirect_uri that is not registered', { redirect_uri: 'https://evil.example/callback' }, 'invalid_redirect_uri'],
    ['a registered redirect_uri with another path', { redirect_uri: 'http://localhost:8080/callback/more' }, 'invalid_redirect_uri'],
    ['a registered redirect_uri with a query added', { redirect_uri: 'http://localhost:8080/callback?x=1' }, 'invalid_redirect_uri'],
    ['a registered redirect_uri with a trailing slash', { redirect_uri: 'http://localhost:8080/callback/' }, 'invalid_redirect_uri'],
  ])('shows an error page for %s and never redirects', async (_case, params, error) => {
    const page = await new Browser(h.issuer).get(h.authorizeUrl(params));
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();
    expect(page.html).toContain(`<code>${error}</code>`);
    expect(page.html).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });

  it.each([
    ['an unsupported response_type', { response_type: 'token' }, 'unsupported_response_type'],
    ['a scope the integration does not allow', { scope: 'request:Delete' }, 'invalid_scope'],
    ['an unknown scope', { scope: 'request:Read nonsense' }, 'invalid_scope'],
    ['the openid scope', { scope: 'openid' }, 'invalid_scope'],
    ['a plain PKCE challenge', { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
  ])('redirects %s to the registered redirect_uri with error, error_description and state', async (_case, params, error) => {
    const page = await new Browser(h.issuer).get(h.authorizeUrl({ state: 'xyz', ...params }));
    const back = new URL(page.location!);
    expect(back.origin + back.pathname).toBe(redirectUri());
    // response_type=token answers in the fragment, as RFC 6749 §4.2.2.1 says.
    const answer = back.hash ? new URLSearchParams(back.hash.slice(1)) : back.searchParams;
    expect(answer.get('error')).toBe(error);
    expect(answer.get('error_description')).toBeTruthy();
    expect(answer.get('state')).toBe('xyz');
  });

  it('answers a client_id holding a NUL (which PostgreSQL text cannot hold) as an unknown client: 401 invalid_client, not a 500', async () => {
    const token = await h.token({ client_id: 'tsr_app_\u0000', grant_type: 'authorization_code', code: 'x', redirect_uri: redirectUri() });
    expect(token).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } });
    const page = await new Browser(h.issuer).get(h.authorizeUrl({ client_id: 'tsr_app_\u0000' }));
    expect(page.status).toBe(400);
    expect(page.html).toContain('<code>invalid_client</code>');
  });

  it('refuses a disabled application at once: an error page at /authorize, invalid_client at /token', async () => {
    const code = await newCode();
    await setDisabled('oauth_applications', true);
    try {
      const page = await new Browser(h.issuer).get(h.authorizeUrl());
      expect(page.status).toBe(400);
      expect(page.location).toBeUndefined();
      expect(page.html).toContain('<code>invalid_client</code>');
      const token = await h.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri() });
      expect(token).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } });
    } finally {
      await setDisabled('oauth_applications', false);
    }
  });

  it('refuses the applications of a disabled integration at once', async () => {
    const code = await newCode();
    await setDisabled('integrations', true);
    try {
      const token = await h.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri() });
      expect(token.status).toBe(401);
      expect(token.body['error']).toBe('invalid_client');
    } finally {
      await setDisabled('integrations', false);
    }
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const code = await newCode();
    const token = await h.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri(), client_secret: 'tsr_cs_wrong' });
    expect(token).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } });
  });

  it('refuses a code with another redirect_uri than the authorization request', async () => {
    const code = await newCode();
    const token = await h.token({ grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:8080/other' });
    expect(token.status).toBe(400);
    expect(token.body['error']).toBe('invalid_grant');
  });

  it('gives exactly one token response to three simultaneous redemptions of one code, and 400 invalid_grant to the others', async () => {
    const code = await newCode();
    const answers = await Promise.all([1, 2, 3].map(() => h.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri() })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    for (const lost of answers.filter((a) => a.status === 400)) expect(lost.body['error']).toBe('invalid_grant');
    // The losers revoked the grant: the winner's refresh token is refused too.
    const won = answers.find((a) => a.status === 200)!;
    const refresh = await h.token({ grant_type: 'refresh_token', refresh_token: String(won.body['refresh_token']) });
    expect(refresh.status).toBe(400);
    expect(refresh.body['error']).toBe('invalid_grant');
  });

  it('lets a code live 10 minutes and access and refresh tokens 1 hour and 14 days', async () => {
    const code = await newCode();
    const row = await h.test.db('oauth_artifacts').where({ model: 'AuthorizationCode' }).first(h.test.db.raw('extract(epoch from expires_at - created_at)::int as seconds'));
    expect(Math.abs(row.seconds - 600)).toBeLessThanOrEqual(2);
    const token = await h.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri() });
    expect(token.body['expires_in']).toBe(3600);
    const refresh = await h.test.db('oauth_artifacts').where({ model: 'RefreshToken' }).first(h.test.db.raw('extract(epoch from expires_at - created_at)::int as seconds'));
    expect(Math.abs(refresh.seconds - 14 * 24 * 3600)).toBeLessThanOrEqual(2);
  });
});

describe('login attempts are limited per e-mail address', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness({ loginRateLimits: { perIp: 100, perEmail: 3, windowSeconds: 600 } });
  });
  afterAll(() => h.close());

  it('answers the fourth attempt for one e-mail with 429 and Retry-After, even with the right password', async () => {
    const browser = new Browser(h.issuer);
    const login = await browser.get(h.authorizeUrl());
    for (let i = 0; i < 3; i++) expect((await browser.submit(login, '/login', { email: h.demo.admin.email, password: 'wrong' })).status).toBe(401);
    const limited = await browser.submit(login, '/login', { email: h.demo.admin.email, password: h.demo.admin.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.html).toContain('Too many sign-in attempts');
    // Another person's e-mail from the same address still may sign in.
    const other = await browser.submit(login, '/login', { email: h.demo.agent.email, password: h.demo.agent.password });
    expect(other.status).toBe(200);
  });
});

describe('login limits count failed sign-ins only', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness({ loginRateLimits: { perIp: 8, perEmail: 3, windowSeconds: 600 } });
  });
  beforeEach(() => h.test.db('rate_limit_windows').delete());
  afterAll(() => h.close());

  /** One sign-in on the profile's form, as the README's steps do; its status. */
  async function signIn(email: string, password: string): Promise<number> {
    const browser = new Browser(h.issuer);
    const form = await browser.get(`${h.issuer}/profile/access`);
    return (await browser.submit(form, '/profile/sign-in', { email, password })).status;
  }

  it('lets a person sign in more often than either limit, on the profile and the authorization pages', async () => {
    for (let i = 0; i < 5; i++) expect(await signIn(h.demo.agent.email, h.demo.agent.password)).toBe(200);
    for (let i = 0; i < 5; i++) await authorizeIn(new Browser(h.issuer), h.authorizeUrl(), loginOf(h.demo.agent), { login: true, consent: i === 0 });
  });

  it("clears the e-mail's failures on a successful sign-in", async () => {
    const { email, password } = h.demo.admin;
    for (let i = 0; i < 2; i++) expect(await signIn(email, 'wrong')).toBe(401);
    expect(await signIn(email, password)).toBe(200);
    for (let i = 0; i < 2; i++) expect(await signIn(email, 'wrong')).toBe(401);
    expect(await signIn(email, password)).toBe(200);
    // Three failures in a row still lock the e-mail.
    for (let i = 0; i < 3; i++) expect(await signIn(email, 'wrong')).toBe(401);
    expect(await signIn(email, password)).toBe(429);
  });

  it('still refuses an address past its failures, whoever signs in next', async () => {
    for (let i = 0; i < 8; i++) expect(await signIn(`nobody-${i}@example.com`, 'wrong')).toBe(401);
    expect(await signIn(h.demo.agent.email, h.demo.agent.password)).toBe(429);
  });
});
