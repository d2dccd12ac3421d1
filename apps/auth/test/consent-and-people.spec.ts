/**
 * Consent as SPEC.md "Authentication" describes it: Deny redirects with
 * access_denied and the state; a person who allowed once goes straight to a code,
 * also from a new browser; switching people in one browser uses the new person's
 * grant; a wrong password shows the form again without telling which part was wrong.
 */
import { loginOf, startAuthHarness, type AuthHarness } from './support/auth-harness.js';
import { Browser } from './support/browser.js';
import { authorizeIn } from './support/oauth-client.js';

describe('consent, remembered consent and the signed-in person', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  beforeEach(() => h.test.db('integrations').where({ id: h.demo.integration_id }).update({ authorizations_revoked_at: null }));
  afterAll(() => h.close());

  const admin = () => loginOf(h.demo.admin);
  const agent = () => loginOf(h.demo.agent);
  const personIdOf = async (email: string) => String((await h.test.db('people').where({ primary_email: email }).first('id')).id);
  async function redeem(callback: URL) {
    const res = await h.token({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: h.demo.oauth_client.redirect_uri });
    expect(res.status).toBe(200);
    return res.body as { access_token: string; refresh_token: string };
  }
  async function introspect(accessToken: string): Promise<{ active: boolean; sub?: string }> {
    const res = await fetch(`${h.issuer}/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: accessToken, client_id: h.demo.oauth_client.client_id, client_secret: h.demo.oauth_client.client_secret }),
    });
    return (await res.json()) as { active: boolean; sub?: string };
  }
  const isActive = async (accessToken: string) => (await introspect(accessToken)).active;
  async function accountOf(accessToken: string): Promise<string> {
    const body = await introspect(accessToken);
    expect(body.active).toBe(true);
    return body.sub!;
  }
  const clearGrants = () => h.test.db('oauth_artifacts').delete();

  it('redirects a Deny to the redirect_uri with error=access_denied and the state unchanged, and issues no code', async () => {
    await clearGrants();
    const browser = new Browser(h.issuer);
    const login = await browser.get(h.authorizeUrl({ state: 'keep me/&=as is' }));
    const consent = await browser.submit(login, '/login', admin());
    expect(consent.html).toContain('Demo monitoring dashboard');
    expect(consent.html).toContain('<code>request:Read</code>');
    expect(consent.html).toContain('<code>request:Delete</code>');
    const denied = await browser.submit(consent, '/consent', { decision: 'deny' });
    const back = new URL(denied.location!);
    expect(back.origin + back.pathname).toBe(h.demo.oauth_client.redirect_uri);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('keep me/&=as is');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('sends a person who allowed before straight to a code, in the same browser and from a new cookie jar', async () => {
    await clearGrants();
    const first = new Browser(h.issuer);
    await redeem(await authorizeIn(first, h.authorizeUrl(), admin(), { login: true, consent: true }));
    const again = await authorizeIn(first, h.authorizeUrl({ state: 'second' }), admin(), { login: false, consent: false });
    expect(again.searchParams.get('state')).toBe('second');
    await redeem(again);
    // A new browser: the login page, then no consent page.
    const other = new Browser(h.issuer);
    const code = await authorizeIn(other, h.authorizeUrl(), admin(), { login: true, consent: false });
    expect(await accountOf((await redeem(code)).access_token)).toBe(await personIdOf(h.demo.admin.email));
  });

  it('asks again once the integration revoked its authorizations (a scope change), and once only', async () => {
    await clearGrants();
    const browser = new Browser(h.issuer);
    await redeem(await authorizeIn(browser, h.authorizeUrl(), admin(), { login: true, consent: true }));
    await h.test.db('integrations').where({ id: h.demo.integration_id }).update({ authorizations_revoked_at: h.test.db.raw('clock_timestamp()') });
    // At once, most likely in the revocation's own second: the new consent holds.
    await redeem(await authorizeIn(browser, h.authorizeUrl(), admin(), { login: false, consent: true }));
    await redeem(await authorizeIn(new Browser(h.issuer), h.authorizeUrl(), admin(), { login: true, consent: false }));
  });

  it('compares a grant with the revocation to the microsecond: saved after it holds, saved before it does not', async () => {
    await clearGrants();
    const { access_token: token } = await redeem(await authorizeIn(new Browser(h.issuer), h.authorizeUrl(), admin(), { login: true, consent: true }));
    // Relative to the grant's row, in SQL: no JavaScript Date (milliseconds) in between.
    const revokeAt = (offset: string) =>
      h.test.db.raw(`update integrations set authorizations_revoked_at = (select created_at + ?::interval from oauth_artifacts where model = 'Grant') where id = ?`, [offset, h.demo.integration_id]);
    await revokeAt('-1 microsecond');
    expect(await isActive(token)).toBe(true);
    await redeem(await authorizeIn(new Browser(h.issuer), h.authorizeUrl(), admin(), { login: true, consent: false }));
    await revokeAt('1 microsecond');
    expect(await isActive(token)).toBe(false);
    await redeem(await authorizeIn(new Browser(h.issuer), h.authorizeUrl(), admin(), { login: true, consent: true }));
  });

  it('uses the new person after switching people in one browser, never the previous one', async () => {
    await clearGrants();
    const browser = new Browser(h.issuer);
    const adminToken = (await redeem(await authorizeIn(browser, h.authorizeUrl(), admin(), { login: true, consent: true }))).access_token;
    expect(await accountOf(adminToken)).toBe(await personIdOf(h.demo.admin.email));
    // prompt=login: the agent signs in where the admin was; the agent never allowed the application.
    const agentCode = await authorizeIn(browser, h.authorizeUrl({ prompt: 'login' }), agent(), { login: true, consent: true });
    expect(await accountOf((await redeem(agentCode)).access_token)).toBe(await personIdOf(h.demo.agent.email));
    // The browser is the agent's now: the next request gives the agent's code, without a login.
    const next = await authorizeIn(browser, h.authorizeUrl(), agent(), { login: false, consent: false });
    expect(await accountOf((await redeem(next)).access_token)).toBe(await personIdOf(h.demo.agent.email));
  });

  it('shows the login form again with one message for a wrong password and for an unknown e-mail', async () => {
    const browser = new Browser(h.issuer);
    const login = await browser.get(h.authorizeUrl());
    const wrongPassword = await browser.submit(login, '/login', { email: h.demo.admin.email, password: 'not the password' });
    const unknownEmail = await browser.submit(login, '/login', { email: 'nobody@example.com', password: 'not the password' });
    for (const page of [wrongPassword, unknownEmail]) {
      expect(page.status).toBe(401);
      expect(page.html).toContain('The e-mail address or the password is not correct.');
      expect(page.html).toContain('Sign in to Tessera');
    }
    expect(wrongPassword.html).toContain(`value="${h.demo.admin.email}"`);
  });

  it('refuses a login form without its CSRF token', async () => {
    const browser = new Browser(h.issuer);
    const login = await browser.get(h.authorizeUrl());
    const forged = await browser.submit(login, '/login', { ...admin(), csrf_token: 'forged' });
    expect(forged.status).toBe(400);
    expect(forged.html).toContain('the form has expired');
    expect(forged.location).toBeUndefined();
  });
});
