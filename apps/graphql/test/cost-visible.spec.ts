/**
 * Cost, visible before and after every call (issue 23):
 * - `rateLimit(dryRun: true)` answers what the query would cost, charges nothing and runs nothing
 *   else of it (GitHub's form); the call still counts as a request;
 * - every answer carries `extensions.cost { requestedQueryCost, limit, remaining, resetAt }`
 *   (Shopify's form), the figures of the X-CostLimit-* headers.
 */
import { GENEROUS_GRAPHQL_LIMITS, startGraphqlHarness, type GraphqlHarness, type Reply } from './support/graphql-harness.js';

const LIMITS = { ...GENEROUS_GRAPHQL_LIMITS, costPoints: 250 };
// 1 + 100 + 100x100 = 10,101 requests → 101 points.
const EXPENSIVE = 'people(first: 100) { nodes { teams(first: 100) { nodes { members(first: 1) { totalCount } } } } }';
const header = (reply: Reply, name: string) => reply.headers[name.toLowerCase()] as string | undefined;

describe('GraphQL cost, visible before and after every call', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    harness = await startGraphqlHarness({ limits: LIMITS });
  });
  afterAll(() => harness.stop());

  it('answers rateLimit(dryRun: true) with what the query would cost, running nothing else and charging nothing', async () => {
    const token = await harness.tokenWith(['me:Read', 'person:Read', 'team:Read']);
    const before = await harness.post(token, '{ rateLimit { remaining } }');
    const pointsBefore = before.json().data.rateLimit.remaining;
    const requestsBefore = Number(header(before, 'X-RateLimit-Remaining'));

    const dry = await harness.post(token, `{ ${EXPENSIVE} costs: rateLimit(dryRun: true) { limit cost remaining resetAt } }`);
    expect(dry.status).toBe(200);
    const resetAt = dry.json().data.costs.resetAt;
    // Only the rateLimit field ran: no people were read.
    expect(dry.json()).toEqual({
      data: { costs: { limit: 250, cost: 101, remaining: pointsBefore, resetAt } },
      extensions: { cost: { requestedQueryCost: 101, limit: 250, remaining: pointsBefore, resetAt } },
    });
    // Charged nothing, counted as a request.
    expect([header(dry, 'X-CostLimit-Cost'), header(dry, 'X-CostLimit-Remaining')]).toEqual(['0', String(pointsBefore)]);
    expect(Number(header(dry, 'X-RateLimit-Remaining'))).toBe(requestsBefore - 1);

    // The same query for real is charged what the dry run said.
    const real = await harness.post(token, `{ ${EXPENSIVE} rateLimit { cost remaining } }`);
    expect(real.json().data.people.nodes.length).toBeGreaterThan(0);
    expect(real.json().data.rateLimit).toEqual({ cost: 101, remaining: pointsBefore - 101 });
    expect(real.json().extensions.cost).toEqual({ requestedQueryCost: 101, limit: 250, remaining: pointsBefore - 101, resetAt });
  });

  it('takes dryRun from a variable, and answers a dry run the points would not cover without refusing it', async () => {
    const token = await harness.tokenWith(['me:Read', 'person:Read', 'team:Read'], harness.demo.agent.email);
    await harness.post(token, `{ ${EXPENSIVE} }`);
    await harness.post(token, `{ ${EXPENSIVE} }`);
    const reply = await harness.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': harness.demo.account },
      body: JSON.stringify({ query: `query Q($dry: Boolean!) { ${EXPENSIVE} rateLimit(dryRun: $dry) { cost remaining } }`, variables: { dry: true } }),
    });
    // 48 points left: the query would be refused, the dry run says so without being refused.
    expect(reply.json().data).toEqual({ rateLimit: { cost: 101, remaining: 48 } });
    expect(reply.json().errors).toBeUndefined();
  });

  it('carries extensions.cost on an answer refused by validation, at cost 0', async () => {
    const token = await harness.tokenWith(['me:Read', 'person:Read']);
    const reply = await harness.post(token, '{ people(first: 101) { totalCount } }');
    expect(reply.status).toBe(400);
    expect(reply.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(reply.json().extensions.cost).toEqual({ requestedQueryCost: 0, limit: 250, remaining: expect.any(Number), resetAt: Number(header(reply, 'X-CostLimit-Reset')) });
    expect(header(reply, 'X-CostLimit-Cost')).toBe('0');
  });
});
