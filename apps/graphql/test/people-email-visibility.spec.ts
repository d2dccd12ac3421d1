import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/** docs/decisions/033: GraphQL `people` and `Person.primaryEmail` follow the e-mail rule REST `/v1/people` follows. */
describe('GraphQL primary e-mails of people', () => {
  let g: GraphqlHarness;
  let ellen: string;

  beforeAll(async () => {
    g = await startGraphqlHarness();
    // A person of the directory account, with no role in the demo support domain: an end user there.
    ellen = await g.tokenWith(['person:Read', 'me:Read'], 'ellen@widget.example');
  });
  afterAll(() => g.stop());

  const emailsSeenBy = async (token: string) => {
    const body = (await g.post(token, '{ people(first: 50) { nodes { name primaryEmail } } }')).json();
    expect(body.errors).toBeUndefined();
    return Object.fromEntries(body.data.people.nodes.map((p: { name: string; primaryEmail: string | null }) => [p.name, p.primaryEmail]));
  };

  it('shows an end user no primary e-mail of others, and their own through `me`', async () => {
    // Root `people` lists the people of the account of the call and of its directory account, as REST `/v1/people` does.
    expect(await emailsSeenBy(ellen)).toEqual({ 'Alice Admin': null, 'Andy Agent': null, 'Dana Database': null, 'Ellen Enduser': 'ellen@widget.example', 'Wes Workflow': null });
    expect((await g.post(ellen, '{ me { primaryEmail } }')).json().data.me.primaryEmail).toBe('ellen@widget.example');
  });

  it('shows a person with a role every primary e-mail', async () => {
    expect(await emailsSeenBy(g.demo.agent.token)).toEqual({
      'Alice Admin': 'admin@widget.example', 'Andy Agent': 'agent@widget.example', 'Dana Database': 'dana@widget.example', 'Ellen Enduser': 'ellen@widget.example',
      'Wes Workflow': 'wes@widget.example',
    });
  });

  it.each([
    ['filter', '{ people(first: 5, filter: { primaryEmail: { values: ["admin@widget.example"] } }) { totalCount } }'],
    ['order', '{ people(first: 5, order: { field: PRIMARY_EMAIL, direction: ASC }) { totalCount } }'],
  ])('refuses an end user a %s on primaryEmail', async (_what, query) => {
    const body = (await g.post(ellen, query)).json();
    expect(body.data).toBeNull();
    expect(body.errors[0].message).toBe('Filtering or sorting on primaryEmail needs a role in the account');
  });

  it('still lets an end user filter by name', async () => {
    const body = (await g.post(ellen, '{ people(first: 5, filter: { name: { values: ["Dana Database"] } }) { nodes { name primaryEmail } } }')).json();
    expect(body.data.people.nodes).toEqual([{ name: 'Dana Database', primaryEmail: null }]);
  });
});
