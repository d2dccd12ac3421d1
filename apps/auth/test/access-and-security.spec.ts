/**
 * The "Access and Security" pages over HTTP, as a browser without JavaScript
 * uses them: sign-in (the login's checks), the authorized applications with
 * Revoke (the application's tokens refused at once), personal access tokens
 * created (shown once) and revoked, only the person's own, CSRF on every form.
 */
import { hashToken } from '@tessera/domain';
import { loginOf, startAuthHarness, type AuthHarness } from './support/auth-harness.js';
import { Browser, type Visit } from './support/browser.js';
import { authorizeIn } from './support/oauth-client.js';

describe('the Access and Security pages', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  const admin = () => loginOf(h.demo.admin);
  const agent = () => loginOf(h.demo.agent);
  const accessUrl = () => `${h.issuer}/profile/access`;
  const personIdOf = async (email: string) => Number((await h.test.db('people').where({ primary_email: email }).first('id')).id);

  async function signedIn(person = admin()): Promise<{ browser: Browser; page: Visit }> {
    const browser = new Browser(h.issuer);
    const form = await browser.get(accessUrl());
    const page = await browser.submit(form, '/profile/sign-in', person);
    expect(page.status).toBe(200);
    return { browser, page };
  }
  async function active(accessToken: string): Promise<boolean> {
    const res = await fetch(`${h.issuer}/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: accessToken, client_id: h.demo.oauth_client.client_id, client_secret: h.demo.oauth_client.client_secret }),
    });
    return ((await res.json()) as { active: boolean }).active;
  }
  async function redeem(callback: URL): Promise<string> {
    const res = await h.token({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: h.demo.oauth_client.redirect_uri });
    expect(res.status).toBe(200);
    return res.body['access_token'] as string;
  }
  const tokensOf = async (email: string) => h.test.db('personal_access_tokens').where({ person_id: await personIdOf(email) }).orderBy('id');

  it('sends a person who is not signed in to the sign-in form, with the login’s checks, and back to the page', async () => {
    const browser = new Browser(h.issuer);
    const form = await browser.get(accessUrl());
    expect(form.url).toBe(`${h.issuer}/profile/sign-in`);
    expect(form.html).toContain('Sign in to Tessera');
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(form.headers.get('content-security-policy')).toContain("default-src 'none'");
    const wrong = await browser.submit(form, '/profile/sign-in', { email: h.demo.admin.email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('The e-mail address or the password is not correct.');
    const forged = await browser.submit(wrong, '/profile/sign-in', { ...admin(), csrf_token: 'forged' });
    expect(forged.status).toBe(403);
    const page = await browser.submit(wrong, '/profile/sign-in', admin());
    expect(page.url).toBe(`${accessUrl()}?done=signed-in`);
    expect(page.html).toContain('<h1>Access and Security</h1>');
    expect(page.html).toContain(h.demo.admin.email);
    // That session is the provider's: an authorization request needs no login now.
    await h.test.db('oauth_artifacts').where({ model: 'Grant' }).delete();
    await authorizeIn(browser, h.authorizeUrl(), admin(), { login: false, consent: true });
  });

  it('lists the applications the person authorized and revokes one: its tokens stop working and consent is asked again', async () => {
    await h.test.db('oauth_artifacts').delete();
    const browser = new Browser(h.issuer);
    const token = await redeem(await authorizeIn(browser, h.authorizeUrl(), admin(), { login: true, consent: true }));
    // Another person's authorization of the same application is not touched.
    const agentToken = await redeem(await authorizeIn(new Browser(h.issuer), h.authorizeUrl(), agent(), { login: true, consent: true }));
    const page = await browser.get(accessUrl());
    expect(page.html).toContain('<strong>Demo monitoring dashboard</strong>');
    expect(page.html).toContain('<code>request:Read</code>');
    expect(await active(token)).toBe(true);

    const forged = await browser.submit(page, '/revoke', { csrf_token: 'forged' });
    expect(forged.status).toBe(403);
    expect(await active(token)).toBe(true);

    const after = await browser.submit(page, `/profile/applications/${h.demo.oauth_client.client_id}/revoke`);
    expect(after.status).toBe(200);
    expect(after.html).toContain('access was revoked');
    expect(after.html).toContain('You have not authorized any application.');
    expect(await active(token)).toBe(false);
    expect(await active(agentToken)).toBe(true);
    await authorizeIn(browser, h.authorizeUrl(), admin(), { login: false, consent: true });
  });

  it('creates a personal access token shown once, refuses invalid input storing nothing, and revokes it', async () => {
    const { browser, page } = await signedIn();
    const before = (await tokensOf(h.demo.admin.email)).length;

    const invalid = await browser.submit(page, '/profile/tokens', { name: '<b>x</b>', scopes: 'request:Read\nrequest:Fly', expires_on: '2020-01-01' });
    expect(invalid.status).toBe(422);
    expect(invalid.html).toContain('The token was not created');
    expect(invalid.html).toContain('request:Fly');
    expect(invalid.html).toContain('The expiry date must be after today');
    expect(invalid.html).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
    expect(invalid.html).not.toContain('<b>x</b>');
    expect(await tokensOf(h.demo.admin.email)).toHaveLength(before);

    const created = await browser.submit(page, '/profile/tokens', { name: 'Reporting <script>', scopes: 'request:Read\ndeny request:Delete', expires_on: '2099-12-31' });
    expect(created.status).toBe(201);
    const value = /<code id="new-token">([^<]+)<\/code>/.exec(created.html)![1]!;
    expect(value).toMatch(/^tsr_pat_/);
    expect(created.html).toContain('Reporting &lt;script&gt;');
    const rows = await tokensOf(h.demo.admin.email);
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ name: 'Reporting <script>', token_hash: hashToken(value), scopes: ['request:Read', 'deny request:Delete'], revoked_at: null });
    expect(row.expires_at.toISOString()).toBe('2100-01-01T00:00:00.000Z');

    const again = await browser.get(accessUrl());
    expect(again.html).toContain('Reporting &lt;script&gt;');
    expect(again.html).toContain('<code>deny request:Delete</code>');
    expect(again.html).not.toContain(value);

    const revoked = await browser.submit(again, `/profile/tokens/${row.id}/revoke`);
    expect(revoked.html).toContain('The token was revoked.');
    expect(revoked.html).not.toContain('Reporting &lt;script&gt;');
    expect((await h.test.db('personal_access_tokens').where({ id: row.id }).first()).revoked_at).toBeInstanceOf(Date);
  });

  it('never lets a person revoke another person’s token', async () => {
    const adminTokenId = (await tokensOf(h.demo.admin.email)).find((row) => row.revoked_at === null)!.id;
    const { browser, page } = await signedIn(agent());
    expect(page.html).toContain(h.demo.agent.email);
    expect(page.html).not.toContain(`/profile/tokens/${adminTokenId}/revoke`);
    // The agent's own CSRF token in a form aimed at the administrator's token, as a forged page would hold it.
    const hidden = /<input type="hidden" name="csrf_token" value="[^"]+">/.exec(page.html)![0];
    const res = await browser.submit({ ...page, html: `<form method="post" action="/profile/tokens/${adminTokenId}/revoke">${hidden}</form>` }, '/revoke');
    expect(res.status).toBe(404);
    expect((await h.test.db('personal_access_tokens').where({ id: adminTokenId }).first()).revoked_at).toBeNull();
  });

  it('signs out, ending the session, and a new person signing in sees only their own page', async () => {
    const { browser, page } = await signedIn();
    const out = await browser.submit(page, '/profile/sign-out');
    expect(out.url).toBe(`${h.issuer}/profile/sign-in`);
    expect((await browser.get(accessUrl())).url).toBe(`${h.issuer}/profile/sign-in`);
    const forged = await browser.submit(page, '/profile/tokens', { name: 'after sign-out', scopes: 'request:Read' });
    expect(forged.status).toBe(403);
    const agentPage = await browser.submit(await browser.get(accessUrl()), '/profile/sign-in', agent());
    expect(agentPage.html).toContain(h.demo.agent.email);
    expect(agentPage.html).not.toContain(h.demo.admin.email);
  });
});
