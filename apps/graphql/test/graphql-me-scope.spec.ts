import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/** SPEC.md "GraphQL API authentication" rule 3: `me` needs a scope allowing a Me action. */
describe('GraphQL `me` — scope me:Read', () => {
  let g: GraphqlHarness;

  beforeAll(async () => {
    g = await startGraphqlHarness();
  });
  afterAll(() => g.stop());

  it('refuses `me` to a token with no scopes with FORBIDDEN naming me:Read', async () => {
    const reply = await g.post(await g.tokenWith([]), '{ me { id name } }');
    const body = reply.json();
    expect(body.data).toBeNull();
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(body.errors[0].message).toContain('me:Read');
  });

  it('refuses `me` to a token whose scopes cover other records only', async () => {
    const body = (await g.post(await g.tokenWith(['request:*', 'person:Read']), '{ me { id } }')).json();
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it.each([['me:Read'], ['me:*'], ['*:*'], ['*:Read']])('answers `me` to a token with %s', async (scope) => {
    const reply = await g.post(await g.tokenWith([scope]), '{ me { name primaryEmail } }');
    expect(reply.status).toBe(200);
    expect(reply.json().data.me).toEqual({ name: 'Alice Admin', primaryEmail: g.demo.admin.email });
  });
});
