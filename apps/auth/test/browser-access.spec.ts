/**
 * A person in a real browser (headless Chromium through playwright-core):
 * the demo application's authorization request, sign-in, Allow, the code at
 * the application's redirect URI, its token accepted by the api; then the
 * Access and Security page lists the application, Revoke makes the api refuse
 * the token, and a personal access token created on the page works on the api.
 * Screenshots of each page go to .data/screenshots/ (git-ignored).
 * Chromium must be at /usr/bin/chromium (CI installs Debian's package): the
 * test fails, never skips, without it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import * as oauth from 'openid-client';
import { startApiOn, type ApiOnSameDatabase } from './support/api-server.js';
import { startAuthHarness, type AuthHarness } from './support/auth-harness.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.data/screenshots');

/** The application's redirect URI: answers a page and hands the test each code it receives. */
async function startRedirectReceiver(): Promise<{ uri: string; next(): Promise<URL>; close(): Promise<void> }> {
  const waiting: Array<(url: URL) => void> = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><title>Demo application</title><h1>Code received</h1>');
    if (url.pathname === '/callback') waiting.shift()?.(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    uri,
    next: () => new Promise<URL>((resolve) => waiting.push(resolve)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the OAuth flow and the Access and Security page in headless Chromium', () => {
  let h: AuthHarness | undefined;
  let api: ApiOnSameDatabase | undefined;
  let receiver: Awaited<ReturnType<typeof startRedirectReceiver>> | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`Chromium is not installed at ${CHROMIUM}: install Debian's package (apt-get install -y --no-install-recommends chromium), as .ci/run does`);
    }
    mkdirSync(SCREENSHOTS, { recursive: true });
    h = await startAuthHarness();
    receiver = await startRedirectReceiver();
    const { client_id } = h.demo.oauth_client;
    // The receiver's address as one more registered redirect URI (the demo integration allows me:Read).
    await h.test.db('oauth_applications').where({ client_id }).update({ redirect_uris: h.test.db.raw('array_append(redirect_uris, ?)', [receiver.uri]) });
    [api, browser] = await Promise.all([
      startApiOn(h),
      chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
  }, 60_000);

  afterAll(async () => {
    // Each step alone, so that a failed start still closes what did start.
    await browser?.close().catch(() => undefined);
    await api?.close().catch(() => undefined);
    await receiver?.close().catch(() => undefined);
    await h?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  /** The api answers within a second of a revocation on every replica; poll that second. */
  async function eventually(token: string, status: number): Promise<number> {
    const until = Date.now() + 2000;
    let last = await api!.me(token);
    while (last !== status && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await api!.me(token);
    }
    return last;
  }

  it('signs in, allows, revokes the application on the page, and creates a personal access token that works', async () => {
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      const verifier = oauth.randomPKCECodeVerifier();
      const url = h!.authorizeUrl({ redirect_uri: receiver!.uri, state: 'browser-state', code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });

      await page.goto(url);
      await page.getByRole('heading', { name: 'Sign in to Tessera' }).waitFor();
      await page.fill('#email', h!.demo.admin.email);
      await page.fill('#password', h!.demo.admin.password);
      await shot(page, '1-sign-in');
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.getByRole('heading', { name: /^Authorize / }).waitFor();
      await shot(page, '2-consent');
      const callback = receiver!.next();
      await page.getByRole('button', { name: 'Allow' }).click();
      const back = await callback;
      await page.getByRole('heading', { name: 'Code received' }).waitFor();
      await shot(page, '3-redirect-uri');
      expect(back.searchParams.get('state')).toBe('browser-state');

      const exchanged = await h!.token({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: receiver!.uri, code_verifier: verifier });
      expect(exchanged.status).toBe(200);
      const accessToken = exchanged.body['access_token'] as string;
      expect(await api!.me(accessToken)).toBe(200);

      await page.goto(`${h!.issuer}/profile/access`);
      await page.getByRole('heading', { name: 'Access and Security' }).waitFor();
      const application = page.locator('li.application', { hasText: 'Demo monitoring dashboard' });
      await expect(application.count()).resolves.toBe(1);
      await shot(page, '4-access-and-security');
      await application.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('access was revoked').waitFor();
      await expect(page.locator('li.application').count()).resolves.toBe(0);
      await shot(page, '5-application-revoked');
      expect(await eventually(accessToken, 401)).toBe(401);

      await page.fill('#token-name', 'Browser test token');
      await page.fill('#token-scopes', 'me:Read\ndeny request:Delete');
      await page.getByRole('button', { name: 'Create token' }).click();
      const value = (await page.locator('#new-token').textContent())!.trim();
      await shot(page, '6-token-created');
      expect(value).toMatch(/^tsr_pat_/);
      expect(await api!.me(value)).toBe(200);
      await expect(page.locator('li.token', { hasText: 'Browser test token' }).count()).resolves.toBe(1);
    } finally {
      await context.close();
    }
  }, 30_000);
});
