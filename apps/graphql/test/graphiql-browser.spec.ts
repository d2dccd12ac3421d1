/**
 * The GraphiQL page (GET /graphiql) in headless Chromium through playwright-core, over the
 * harness's HTTPS listener: the page and every asset it names load from the app itself with no
 * failed request, no CSP violation and no console error; it takes the demo admin's token and
 * account, runs `{ me { name } }` and shows the admin's name. A screenshot goes to
 * tmp/screenshots/graphiql.png (git-ignored).
 * Chromium must be at /usr/bin/chromium (CI installs Debian's package): the test fails, never
 * skips, without it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tmp/screenshots');

describe('GET /graphiql — GraphiQL in headless Chromium', () => {
  let h: GraphqlHarness | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`Chromium is not installed at ${CHROMIUM}: install Debian's package (apt-get install -y --no-install-recommends chromium), as .ci/run does`);
    }
    mkdirSync(SCREENSHOTS, { recursive: true });
    [h, browser] = await Promise.all([
      startGraphqlHarness(),
      chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await h?.stop();
  });

  it('loads from local assets, takes a token and an account, runs { me { name } } and shows the answer', async () => {
    const context = await browser!.newContext({ ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      const origins = new Set<string>();
      const endpointCalls: Array<{ authorization?: string; account?: string; operation?: string }> = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
      page.on('request', (request) => {
        origins.add(new URL(request.url()).origin);
        if (new URL(request.url()).pathname === '/' && request.method() === 'POST') {
          const headers = request.headers();
          const operation = (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? undefined;
          endpointCalls.push({ authorization: headers['authorization'], account: headers['x-service-account'], operation });
        }
      });
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });

      const base = h!.url;
      const loaded = await page.goto(`${base}/graphiql`);
      expect(loaded?.status()).toBe(200);
      await page.locator('.graphiql-container').waitFor();
      await expect(page.locator('#graphiql-token').inputValue()).resolves.toBe('');

      await page.fill('#graphiql-token', h!.demo.admin.token);
      await page.fill('#graphiql-account', h!.demo.account);
      await page.getByRole('button', { name: 'Use' }).click();

      // The query goes in through the editor's own API: typed keys race GraphiQL's bracket
      // completion and hint pop-ups on a loaded machine, which is not what this test is about.
      const editor = page.locator('.graphiql-query-editor .CodeMirror').first();
      await editor.waitFor();
      await editor.evaluate((element) => (element as unknown as { CodeMirror: { setValue(text: string): void } }).CodeMirror.setValue('{ me { name } }'));
      await page.locator('.graphiql-execute-button').click();

      const result = page.locator('.result-window');
      await result.getByText('Alice Admin').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'graphiql.png'), fullPage: true });

      // The schema arrived: the documentation explorer lists the root type's fields.
      await page.getByRole('button', { name: /documentation explorer/i }).click();
      await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().click();
      await page.locator('.graphiql-doc-explorer').getByText('me', { exact: true }).first().waitFor();
      // A dialog (React portals, scroll lock) works under the page's CSP too.
      await page.getByRole('button', { name: /settings/i }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');

      const shown = await result.innerText();
      expect(shown).toContain('"name": "Alice Admin"');
      expect(shown).not.toContain('errors');
      // No call before a token was given; after Use, GraphiQL loaded the schema with it, then ran the query.
      const sent = { authorization: `Bearer ${h!.demo.admin.token}`, account: h!.demo.account };
      expect(endpointCalls).toEqual([{ ...sent, operation: 'IntrospectionQuery' }, { ...sent, operation: undefined }]);
      expect([...origins]).toEqual([base]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
