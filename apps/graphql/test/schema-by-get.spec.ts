/**
 * Issue 18 item 7, SPEC.md "GraphQL endpoint": `GET {graphql_url}/` with no payload and only the
 * Authorization header returns the complete schema, the standard introspection result; an
 * introspection-only POST needs no X-Service-Account either, so schema tools work with the
 * token alone. Any other field still needs the account header.
 */
import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { GraphQLClient } from 'graphql-request';
import { Agent, fetch as undiciFetch } from 'undici';
import { GENEROUS_GRAPHQL_LIMITS, startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

describe('The schema by GET / and introspection by POST with the token alone', () => {
  let g: GraphqlHarness;
  beforeAll(async () => {
    g = await startGraphqlHarness();
  });
  afterAll(() => g.stop());

  const bearer = () => ({ authorization: `Bearer ${g.demo.admin.token}` });
  const postQuery = (query: string, headers: Record<string, string>) =>
    g.call('/', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });

  it('answers GET / with only Authorization with the standard introspection result of the whole schema', async () => {
    const reply = await g.call('/', { headers: bearer() });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const body = reply.json() as { data: IntrospectionQuery };
    // The standard result, and the call's cost beside it as on every answer.
    expect(Object.keys(body)).toEqual(['data', 'extensions']);
    // The same answer as the standard IntrospectionQuery sent with the account header.
    const posted = await postQuery(getIntrospectionQuery(), { ...bearer(), 'x-service-account': g.demo.account });
    expect(body.data).toEqual(posted.json().data);
    const sdl = printSchema(buildClientSchema(body.data));
    expect(sdl).toContain('type Query');
    expect(sdl).toContain('requestUpdate(input: RequestUpdateInput!): RequestUpdatePayload!');
  });

  it('answers the same schema on every call, and counts each call in the quota headers', async () => {
    const first = await g.call('/', { headers: bearer() });
    const second = await g.call('/', { headers: bearer() });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json().data).toEqual(first.json().data);
    expect(second.json().extensions.cost.remaining).toBe(first.json().extensions.cost.remaining - 1);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
  });

  it('answers GET / without a token 401, and with a bad token 401', async () => {
    const none = await g.call('/');
    expect(none.status).toBe(401);
    expect(none.json().errors[0].extensions.code).toBe('UNAUTHORIZED');
    const bad = await g.call('/', { headers: { authorization: 'Bearer tsr_pat_not-a-token-at-all-0000000000' } });
    expect(bad.status).toBe(401);
  });

  it('keeps GET ?query= introspection and its 405 for other queries', async () => {
    const reply = await g.call(`/?query=${encodeURIComponent('{ __type(name: "Request") { name } }')}`, { headers: bearer() });
    expect(reply.json()).toEqual({ data: { __type: { name: 'Request' } }, extensions: { cost: expect.objectContaining({ requestedQueryCost: 1 }) } });
    expect((await g.call(`/?query=${encodeURIComponent('{ me { id } }')}`, { headers: bearer() })).status).toBe(405);
  });

  it('answers an introspection-only POST without X-Service-Account: __schema, __type and __typename', async () => {
    const reply = await postQuery('{ __typename __type(name: "Person") { name } __schema { queryType { name } } }', bearer());
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ data: { __typename: 'Query', __type: { name: 'Person' }, __schema: { queryType: { name: 'Query' } } }, extensions: { cost: expect.objectContaining({ requestedQueryCost: 1 }) } });
  });

  it('still refuses a POST of any other field without X-Service-Account, alone or beside introspection', async () => {
    for (const query of ['{ me { id } }', '{ __typename me { id } }', 'query A { __typename } query B { me { id } }']) {
      const reply = await postQuery(query, bearer());
      expect({ query, status: reply.status, data: reply.json().data }).toEqual({ query, status: expect.any(Number), data: undefined });
      expect(reply.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('serves graphql-request the standard IntrospectionQuery with the token alone', async () => {
    const loopback = new Agent({ connect: { rejectUnauthorized: false } });
    const client = new GraphQLClient(`${g.url}/`, {
      headers: bearer(),
      fetch: ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) => undiciFetch(input, { ...init, dispatcher: loopback })) as unknown as typeof fetch,
    });
    const result = await client.request<IntrospectionQuery>(getIntrospectionQuery());
    expect(printSchema(buildClientSchema(result))).toContain('type Request implements Node');
    await loopback.close();
  });
});

describe('The schema by GET / counts toward the request rate', () => {
  let g: GraphqlHarness;
  beforeAll(async () => {
    g = await startGraphqlHarness({ limits: { ...GENEROUS_GRAPHQL_LIMITS, requestWindows: [{ points: 2, durationSeconds: 3600 }] } });
  });
  afterAll(() => g.stop());

  it('answers 429 with Retry-After once the window is spent', async () => {
    const headers = { authorization: `Bearer ${g.demo.admin.token}` };
    expect((await g.call('/', { headers })).status).toBe(200);
    expect((await g.call('/', { headers })).status).toBe(200);
    const spent = await g.call('/', { headers });
    expect(spent.status).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
  });
});
