/**
 * SPEC.md: non-HTTPS GraphQL requests are rejected, whichever way TLS is deployed:
 * - TLS on the app's port (default): plain HTTP on that port gets 400 "HTTPS is required";
 * - behind a TLS-terminating proxy (GRAPHQL_TLS=proxy with TRUST_PROXY): the app listens on plain
 *   HTTP and refuses with 403 any request whose trusted X-Forwarded-Proto is not `https`.
 */
import { HTTPS_REQUIRED_BODY } from '../src/https/forwarded-https.js';
import { callListener, startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

const portOf = (url: string) => Number(new URL(url).port);

describe('HTTPS — TLS on the app port', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    harness = await startGraphqlHarness();
  });
  afterAll(() => harness.stop());

  it('answers a plain-HTTP POST to / on the TLS port with 400 {"message":"HTTPS is required"} over a real socket', async () => {
    const reply = await callListener(portOf(harness.url), false)('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${harness.demo.admin.token}`, 'x-service-account': harness.demo.account },
      body: JSON.stringify({ query: '{ me { name } }' }),
    });
    expect(reply.status).toBe(400);
    expect(reply.json()).toEqual({ message: 'HTTPS is required' });
  });

  it('ignores X-Forwarded-Proto in this mode: the TLS connection itself is the proof', async () => {
    const reply = await harness.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${harness.demo.admin.token}`, 'x-service-account': harness.demo.account, 'x-forwarded-proto': 'http' },
      body: JSON.stringify({ query: '{ me { name } }' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.json().data.me.name).toBe('Alice Admin');
  });
});

describe('HTTPS — behind a TLS-terminating proxy (GRAPHQL_TLS=proxy)', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    harness = await startGraphqlHarness({ app: { tls: 'proxy', transport: { trustProxy: ['loopback'] } } });
  });
  afterAll(() => harness.stop());

  const post = (headers: Record<string, string>) =>
    harness.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${harness.demo.admin.token}`, 'x-service-account': harness.demo.account, ...headers },
      body: JSON.stringify({ query: '{ me { name } }' }),
    });

  it('listens on plain HTTP and serves what the proxy received over HTTPS', async () => {
    expect(harness.url.startsWith('http://')).toBe(true);
    const reply = await post({ 'x-forwarded-proto': 'https' });
    expect(reply.status).toBe(200);
    expect(reply.json().data.me.name).toBe('Alice Admin');
    expect(reply.headers['x-costlimit-cost']).toBe('1');
  });

  it.each([
    ['no X-Forwarded-Proto', {}],
    ['X-Forwarded-Proto: http', { 'x-forwarded-proto': 'http' }],
  ])('refuses a request with %s with 403 and a JSON message, before any GraphQL work', async (_name, headers) => {
    const reply = await post(headers);
    expect(reply.status).toBe(403);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json()).toEqual(HTTPS_REQUIRED_BODY);
    expect(reply.headers['x-costlimit-cost']).toBeUndefined();
  });

  it('refuses introspection by GET over plain HTTP too', async () => {
    const reply = await harness.call('/?query=%7B__typename%7D', { headers: { authorization: `Bearer ${harness.demo.admin.token}` } });
    expect(reply.status).toBe(403);
  });
});

describe('HTTPS — behind a proxy the app does not trust', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    // The test client (127.0.0.1) is not the proxy TRUST_PROXY names, so its header is not believed.
    harness = await startGraphqlHarness({ app: { tls: 'proxy', transport: { trustProxy: ['10.0.0.0/8'] } } });
  });
  afterAll(() => harness.stop());

  it('refuses X-Forwarded-Proto: https from a peer that is not the trusted proxy', async () => {
    const reply = await harness.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${harness.demo.admin.token}`, 'x-service-account': harness.demo.account, 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ query: '{ me { name } }' }),
    });
    expect(reply.status).toBe(403);
    expect(reply.json()).toEqual(HTTPS_REQUIRED_BODY);
  });
});
