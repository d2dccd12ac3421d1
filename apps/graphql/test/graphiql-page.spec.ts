/**
 * GET /graphiql and the assets its HTML names, over the harness's HTTPS listener: every
 * referenced file answers 200 with its content type and a year of caching, only those exact
 * names are served (no folder, no other file of node_modules), and the page's looser CSP stays
 * on the page while every other answer keeps the CSP that allows nothing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

const require = createRequire(import.meta.url);

function referencedAssets(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!).filter((url) => !url.startsWith('data:'));
}

describe('GET /graphiql — the page and its local assets', () => {
  let h: GraphqlHarness;

  beforeAll(async () => {
    h = await startGraphqlHarness();
  });
  afterAll(() => h.stop());

  it('answers the page as HTML with its own CSP: scripts from its origin only, no inline script, no eval, no other origin', async () => {
    const reply = await h.call('/graphiql');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    const directives = Object.fromEntries(String(reply.headers['content-security-policy']).split(/;\s*/).map((d): [string, string] => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]));
    expect(directives).toMatchObject({ 'default-src': "'none'", 'script-src': "'self'", 'connect-src': "'self'", 'style-src': "'self'", 'frame-ancestors': "'none'", 'form-action': "'none'" });
    // Inline <style> elements only (GraphiQL's scroll lock; graphiql-page.ts says why); nothing else is loosened.
    expect(directives['style-src-elem']).toBe("'self' 'unsafe-inline'");
    expect(Object.entries(directives).filter(([, value]) => /unsafe|\*|https?:/.test(value))).toEqual([['style-src-elem', "'self' 'unsafe-inline'"]]);
    expect(reply.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(reply.body).toContain('id="graphiql-token"');
    expect(reply.body).toContain('id="graphiql-account"');
  });

  it('serves every asset the page names with 200, its content type and a year of caching', async () => {
    const assets = referencedAssets((await h.call('/graphiql')).body);
    expect(assets.filter((url) => url.endsWith('.js'))).toHaveLength(4);
    expect(assets.filter((url) => url.endsWith('.css'))).toHaveLength(2);
    for (const url of assets) {
      expect(url).toMatch(/^\/graphiql\/assets\/[\w.-]+\.(js|css)$/);
      const reply = await h.call(url);
      expect({ url, status: reply.status }).toEqual({ url, status: 200 });
      expect(reply.headers['content-type']).toBe(url.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.body.length).toBeGreaterThan(100);
    }
  });

  it('serves the files of the installed packages, named with their versions', async () => {
    const assets = referencedAssets((await h.call('/graphiql')).body);
    const graphiql = JSON.parse(readFileSync(require.resolve('graphiql/package.json'), 'utf8')) as { version: string };
    const served = assets.find((url) => url.endsWith(`graphiql-${graphiql.version}-graphiql.min.js`));
    expect(served).toBeDefined();
    expect((await h.call(served!)).body).toBe(readFileSync(require.resolve('graphiql/graphiql.min.js'), 'utf8'));
    expect(assets.some((url) => /\/react-18\.\d+\.\d+-react\.production\.min\.js$/.test(url))).toBe(true);
    expect(assets.some((url) => /\/react-dom-18\.\d+\.\d+-react-dom\.production\.min\.js$/.test(url))).toBe(true);
  });

  it.each([
    '/graphiql/assets/',
    '/graphiql/assets/graphiql.min.js',
    '/graphiql/assets/package.json',
    '/graphiql/assets/..%2F..%2Fpackage.json',
    '/graphiql/assets/%2e%2e/graphiql',
  ])('answers 404 for %s: only the exact names the page uses are served', async (url) => {
    const reply = await h.call(url);
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
  });

  it('keeps the CSP that allows nothing on every other answer', async () => {
    const reply = await h.call('/healthz');
    expect(reply.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
