/**
 * The validation limits of SPEC.md on the served schema, over HTTPS, before anything runs:
 * first/last on every connection (literals and variables), depth 13, 500,000 nodes. Each refusal
 * is a 400 with its message and `extensions.code: GRAPHQL_VALIDATION_FAILED`, and still carries
 * the quota headers, one mutation per request. (More shapes are covered on a small schema in
 * src/limits/limits.spec.ts.)
 */
import { getIntrospectionQuery } from 'graphql';
import { SPEC_GRAPHQL_LIMITS, startGraphqlHarness, type GraphqlHarness, type Reply } from './support/graphql-harness.js';

const header = (reply: Reply, name: string) => reply.headers[name.toLowerCase()] as string | undefined;

let harness: GraphqlHarness;
let token: string;
beforeAll(async () => {
  harness = await startGraphqlHarness({ limits: SPEC_GRAPHQL_LIMITS });
  token = await harness.tokenWith(['me:Read', 'person:Read', 'team:Read']);
});
afterAll(() => harness.stop());

const postWith = (query: string, variables: Record<string, unknown>) =>
  harness.call('/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': harness.demo.account },
    body: JSON.stringify({ query, variables }),
  });

function expectRefused(reply: Reply, message: string): void {
  expect(reply.status).toBe(400);
  expect(reply.json().data).toBeUndefined();
  expect(reply.json().errors).toEqual([expect.objectContaining({ message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })]);
  expect(header(reply, 'X-CostLimit-Cost')).toBe('0');
  expect(header(reply, 'X-RateLimit-Limit')).toBe('3600');
}

describe('GraphQL validation limits on the served schema', () => {
  it('refuses a root connection without first/last, naming it', async () => {
    expectRefused(await harness.post(token, '{ people { totalCount } }'), 'You must provide a `first` or `last` value to properly paginate the `people` connection.');
  });

  it('refuses a nested connection without first/last, naming it', async () => {
    expectRefused(
      await harness.post(token, '{ people(first: 5) { nodes { teams { totalCount } } } }'),
      'You must provide a `first` or `last` value to properly paginate the `teams` connection.',
    );
  });

  it('refuses 101 records, given as a literal or by a variable', async () => {
    const message = 'Requesting 101 records on the `people` connection exceeds the `first` limit of 100 records.';
    expectRefused(await harness.post(token, '{ people(first: 101) { totalCount } }'), message);
    expectRefused(await postWith('query ($n: Int) { people(first: $n) { totalCount } }', { n: 101 }), message);
    expectRefused(await postWith('query ($n: Int) { people(first: $n) { totalCount } }', {}), 'You must provide a `first` or `last` value to properly paginate the `people` connection.');
  });

  it('runs 100 people with 10 teams each (1,100 nodes) at cost 1', async () => {
    const reply = await harness.post(token, '{ people(first: 100) { nodes { name teams(first: 10) { nodes { name } } } } }');
    expect(reply.status).toBe(200);
    expect(reply.json().errors).toBeUndefined();
    expect(header(reply, 'X-CostLimit-Cost')).toBe('1');
  });

  // 49 + 4,900 + 490,000 + 50 + 5,000 + last = 499,999 + last
  const nodesQuery = (last: number) => `
    query ($fifty: Int) {
      x: people(first: 49) { nodes { ...Teams } }
      y: people(first: $fifty) { nodes { ... on Person { teams(first: 100) { totalCount } } } }
      z: people(first: ${last}) { totalCount }
    }
    fragment Teams on Person { teams(first: 100) { nodes { members(first: 100) { totalCount } } } }`;

  it('runs 500,000 nodes and refuses 500,001, counting fragments, inline fragments and variables', async () => {
    const atLimit = await postWith(nodesQuery(1), { fifty: 50 });
    expect(atLimit.status).toBe(200);
    expect(atLimit.json().errors).toBeUndefined();
    // 1 + 49 + 4,900 + 1 + 50 + 1 = 5,002 requests → 50 points.
    expect(header(atLimit, 'X-CostLimit-Cost')).toBe('50');
    expectRefused(await postWith(nodesQuery(2), { fifty: 50 }), 'Individual calls cannot request more than 500,000 total nodes.');
  });

  const nested = (levels: number, leaf: string) => {
    let selection = leaf;
    for (let i = 0; i < levels; i += 1) selection = `${(levels - 1 - i) % 2 === 0 ? 'teams' : 'members'}(first: 1) { nodes { ${selection} } }`;
    return `{ people(first: 1) { nodes { ${selection} } } }`;
  };

  it('runs 13 levels and refuses 14', async () => {
    // people is level 0, its nodes 1, then two levels per connection: with 5 nested connections
    // the innermost nodes are at level 11, a 6th connection's totalCount at 13 and nodes' name at 14.
    const deepest = await harness.post(token, nested(5, 'members(first: 1) { totalCount }'));
    expect(deepest.status).toBe(200);
    expect(deepest.json().errors).toBeUndefined();
    expectRefused(await harness.post(token, nested(6, 'name')), 'The query exceeds the maximum depth of 13 levels.');
  });

  it('refuses at once a small document whose nested fragments expand to billions of selections', async () => {
    const levels = 12;
    const fragments = Array.from({ length: levels }, (_, i) => {
      const next = i + 1 < levels ? `members(first: 1) { nodes { ...P${i + 1} } }` : 'name';
      const teams = Array.from({ length: 10 }, (_, k) => `t${k}: teams(first: 1) { nodes { ...T${i} } }`).join(' ');
      return `fragment P${i} on Person { ${teams} } fragment T${i} on Team { ${next} }`;
    });
    const started = Date.now();
    const reply = await harness.post(token, `{ people(first: 1) { nodes { ...P0 } } } ${fragments.join(' ')}`);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(reply.status).toBe(400);
    expect(reply.json().errors[0]).toMatchObject({
      message: expect.stringMatching(/^The query makes [\d,]+ selections once its fragments are expanded, more than the limit of 10,000\.$/) as unknown,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });

  it('refuses two mutations in one request before either runs', async () => {
    const agent = harness.demo.agent.token;
    const before = await harness.test.db('requests').count<[{ count: string }]>('id as count');
    const twice = await harness.post(agent, 'mutation { a: requestCreate(input: { subject: "one" }) { errors { message } } b: requestCreate(input: { subject: "two" }) { errors { message } } }');
    expectRefused(twice, 'A request may run only one mutation; this one asks for 2 (a, b).');
    expect(await harness.test.db('requests').count<[{ count: string }]>('id as count')).toEqual(before);
    const once = await harness.post(agent, 'mutation { requestCreate(input: { subject: "one" }) { errors { message } } }');
    expect(once.status).toBe(200);
    expect(once.json().errors).toBeUndefined();
  });

  it('lets the full introspection query through, by POST and by GET, at cost 1', async () => {
    const posted = await harness.post(token, getIntrospectionQuery());
    expect(posted.status).toBe(200);
    expect(posted.json().data.__schema.queryType.name).toBe('Query');
    expect(header(posted, 'X-CostLimit-Cost')).toBe('1');
    const got = await harness.call(`/?query=${encodeURIComponent(getIntrospectionQuery())}`, { headers: { authorization: `Bearer ${token}` } });
    expect(got.status).toBe(200);
    expect(header(got, 'X-CostLimit-Cost')).toBe('1');
  });
});
