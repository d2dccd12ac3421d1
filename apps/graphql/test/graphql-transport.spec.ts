import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

const INTROSPECTION = `/?query=${encodeURIComponent('{ __schema { types { name } } }')}`;

describe('GraphQL transport — GET introspection, CSRF, errors, headers', () => {
  let g: GraphqlHarness;

  beforeAll(async () => {
    g = await startGraphqlHarness();
  });
  afterAll(() => g.stop());

  const bearer = () => ({ authorization: `Bearer ${g.demo.admin.token}` });

  it('returns the schema to GET / with only the Authorization header (SPEC.md GraphQL endpoint)', async () => {
    const reply = await g.call(INTROSPECTION, { headers: bearer() });
    expect(reply.status).toBe(200);
    const names = reply.json().data.__schema.types.map((type: { name: string }) => type.name);
    expect(names).toEqual(expect.arrayContaining(['Query', 'Person', 'Account']));
  });

  it('answers __type and __typename by GET too', async () => {
    const reply = await g.call(`/?query=${encodeURIComponent('{ __typename __type(name: "Person") { fields { name } } }')}`, { headers: bearer() });
    expect(reply.status).toBe(200);
    expect(reply.json().data.__typename).toBe('Query');
  });

  it('answers GET introspection without Authorization with 401 UNAUTHORIZED', async () => {
    const reply = await g.call(INTROSPECTION, { headers: { 'apollo-require-preflight': 'true' } });
    expect(reply.status).toBe(401);
    expect(reply.json().errors[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('answers GET introspection with a bad token with 401 and no stack trace in the body', async () => {
    const reply = await g.call(INTROSPECTION, { headers: { authorization: 'Bearer tsr_pat_not-a-token-at-all-0000000000' } });
    expect(reply.status).toBe(401);
    expect(reply.body).not.toContain('stacktrace');
    expect(reply.body).not.toMatch(/\.ts:\d+|node_modules/);
  });

  it('keeps no stack trace in the body of a failed POST either', async () => {
    const reply = await g.post('tsr_pat_not-a-token-at-all-0000000000', '{ me { id } }');
    expect(reply.status).toBe(401);
    expect(reply.body).not.toContain('stacktrace');
  });

  it('still blocks a simple-request GET with neither Authorization nor a preflight header as possible CSRF', async () => {
    const reply = await g.call(INTROSPECTION);
    expect(reply.status).toBe(400);
    expect(reply.json().errors[0].message).toMatch(/Cross-Site Request Forgery/);
  });

  it('refuses a GET that carries a query other than introspection with 405: only POST carries queries', async () => {
    const reply = await g.call(`/?query=${encodeURIComponent('{ me { id } }')}`, { headers: { ...bearer(), 'x-service-account': g.demo.account } });
    expect(reply.status).toBe(405);
    expect(reply.headers['allow']).toBe('POST');
    expect(reply.json().errors[0].message).toMatch(/POST/);
    expect(reply.json().data).toBeUndefined();
  });

  it('serves no HTML landing page to a browser', async () => {
    const reply = await g.call('/', { headers: { accept: 'text/html' } });
    expect(reply.headers['content-type']).not.toMatch(/text\/html/);
    expect(reply.body).not.toMatch(/<script/i);
  });

  it('sends HSTS, the security headers and no-store on GraphQL answers', async () => {
    const reply = await g.post(g.demo.admin.token, '{ me { id } }');
    expect(reply.status).toBe(200);
    expect(reply.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cache-control']).toBe('no-store');
    // Nothing may keep the answer, so no ETag is computed for it (a hash of every body, for nothing).
    expect(reply.headers['etag']).toBeUndefined();
    const denied = await g.post('tsr_pat_not-a-token-at-all-0000000000', '{ me { id } }');
    expect(denied.headers['cache-control']).toBe('no-store');
  });

  it('answers a CORS preflight with 204 and no token, allowing the Apollo and account headers', async () => {
    const reply = await g.call('/', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-service-account, content-type' },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    const allowed = String(reply.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-service-account', 'apollo-require-preflight', 'x-apollo-operation-name']));
  });

  it('lets a page read the cost and rate headers', async () => {
    const reply = await g.call('/', {
      method: 'POST',
      headers: { origin: 'https://app.example', 'content-type': 'application/json', ...bearer(), 'x-service-account': g.demo.account },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(String(reply.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['X-CostLimit-Limit', 'X-CostLimit-Remaining', 'X-RateLimit-Remaining', 'Retry-After', 'X-Request-Id']),
    );
  });
});
