/**
 * The README's graphql-request example (apps/graphql/examples/graphql-client.ts), run against the
 * harness's HTTPS listener, so the documented code cannot rot: `{ me { id name } }`, a query with
 * variables, the cost header, every request page by page, and a refused token surfacing as graphql-request's ClientError.
 */
import { encodeNodeId } from '@tessera/domain';
import { ClientError } from 'graphql-request';
import { createTesseraClient, runExample, settingsFromEnvironment } from '../examples/graphql-client.js';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { insertRequests, personId } from './support/reads-fixtures.js';

describe('the graphql-request client example', () => {
  let h: GraphqlHarness;

  beforeAll(async () => {
    h = await startGraphqlHarness();
  });
  afterAll(() => h.stop());

  it('runs { me { id name } } and a query with variables against a running app', async () => {
    const admin = await h.test.db('people').where({ primary_email: h.demo.admin.email }).first('id');
    const result = await runExample({ url: `${h.url}/`, token: h.demo.admin.token, account: h.demo.account });
    expect(result.me).toEqual({ id: encodeNodeId('Person', admin.id), name: 'Alice Admin' });
    expect(result.withEmail).toEqual({ ...result.me, primaryEmail: h.demo.admin.email });
    expect(result.withoutEmail).toEqual(result.me);
    expect(Number(result.costRemaining)).toBeGreaterThan(0);
  });

  it('walks every request of the account page by page with $first and $after', async () => {
    const inserted = await insertRequests(h.test.db, h.demo.account, 5, { prefix: 'Example', personId: await personId(h.test.db, h.demo.admin.email) });
    const result = await runExample({ url: h.url, token: h.demo.admin.token, account: h.demo.account }, 2);
    expect(result.requests).toEqual(inserted.map((r) => ({ id: encodeNodeId('Request', r.id), subject: r.subject })));
  });

  it('reaches localhost by name too, whose self-signed certificate it accepts', async () => {
    const result = await runExample({ url: h.url.replace('127.0.0.1', 'localhost'), token: h.demo.admin.token, account: h.demo.account });
    expect(result.me.name).toBe('Alice Admin');
  });

  it('surfaces a refused token as a ClientError carrying the answer', async () => {
    const client = createTesseraClient({ url: h.url, token: 'tsr_pat_not-a-token', account: h.demo.account });
    const refused = await client.request('{ me { id } }').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ClientError);
    expect((refused as ClientError).response.errors?.[0]?.extensions?.['code']).toBe('UNAUTHORIZED');
  });

  it('refuses a plain-HTTP URL before any call, and names missing settings', () => {
    expect(() => createTesseraClient({ url: h.url.replace('https:', 'http:'), token: 't', account: 'a' })).toThrow('HTTPS only');
    expect(() => settingsFromEnvironment({ TESSERA_TOKEN: 't' })).toThrow('set TESSERA_GRAPHQL_URL, TESSERA_ACCOUNT');
  });
});
