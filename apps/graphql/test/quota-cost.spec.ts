/**
 * Cost points (SPEC.md Limits rules 3-4, Errors): every answer says the call's cost and what is
 * left; when the points do not cover a call, it gets 200 and an `errors` body with message,
 * documentationUrl and rateLimit, nothing of it runs, and its cost is not charged. `rateLimit`
 * answers the same figures as the headers. A failing store lets calls through.
 */
import type { WindowCounter } from '@tessera/rate-limit';
import { recordStatements } from '@tessera/persistence/testing';
import { GENEROUS_GRAPHQL_LIMITS, startGraphqlHarness, type GraphqlHarness, type Reply } from './support/graphql-harness.js';

const LIMITS = { ...GENEROUS_GRAPHQL_LIMITS, costPoints: 250, documentationUrl: 'https://docs.example/graphql-cost' };

// 1 + 100 + 100x100 = 10,101 requests → 101 points; 100 + 10,000 + 10,000 = 20,100 nodes.
const EXPENSIVE = '{ people(first: 100) { nodes { teams(first: 100) { nodes { members(first: 1) { totalCount } } } } } }';
const header = (reply: Reply, name: string) => reply.headers[name.toLowerCase()] as string | undefined;

describe('GraphQL cost points', () => {
  let harness: GraphqlHarness;
  let token: string;
  beforeAll(async () => {
    harness = await startGraphqlHarness({ limits: LIMITS });
    token = await harness.tokenWith(['me:Read', 'person:Read', 'team:Read']);
  });
  afterAll(() => harness.stop());

  it('charges each call its cost until the points run out, then answers 200 with the cost error, runs nothing and charges nothing', async () => {
    const first = await harness.post(token, EXPENSIVE);
    expect(first.status).toBe(200);
    expect(first.json().errors).toBeUndefined();
    expect(first.json().data.people.nodes.length).toBeGreaterThan(0);
    expect([header(first, 'X-CostLimit-Limit'), header(first, 'X-CostLimit-Cost'), header(first, 'X-CostLimit-Remaining')]).toEqual(['250', '101', '149']);
    const second = await harness.post(token, EXPENSIVE);
    expect(header(second, 'X-CostLimit-Remaining')).toBe('48');

    const refused = await harness.post(token, EXPENSIVE);
    expect(refused.status).toBe(200);
    const resetAt = Number(header(refused, 'X-CostLimit-Reset'));
    expect(refused.json()).toEqual({
      errors: [
        {
          message: 'API cost limit exceeded: this call costs 101 points and 48 of 250 remain until the window resets.',
          documentationUrl: 'https://docs.example/graphql-cost',
          rateLimit: { limit: 250, cost: 101, remaining: 48, resetAt },
          extensions: { code: 'RATE_LIMITED' },
        },
      ],
      extensions: { cost: { requestedQueryCost: 101, limit: 250, remaining: 48, resetAt } },
    });
    expect(resetAt).toBe(Number(header(first, 'X-CostLimit-Reset')));
    expect([header(refused, 'X-CostLimit-Cost'), header(refused, 'X-CostLimit-Remaining')]).toEqual(['101', '48']);
    expect(header(refused, 'X-RateLimit-Limit')).toBeDefined();

    // The refused call was not charged: a cheap one still runs, from 48.
    const cheap = await harness.post(token, '{ rateLimit { limit cost remaining resetAt } }');
    expect(cheap.json()).toEqual({ data: { rateLimit: { limit: 250, cost: 1, remaining: 47, resetAt } }, extensions: { cost: { requestedQueryCost: 1, limit: 250, remaining: 47, resetAt } } });
    expect([header(cheap, 'X-CostLimit-Cost'), header(cheap, 'X-CostLimit-Remaining'), header(cheap, 'X-CostLimit-Reset')]).toEqual(['1', '47', String(resetAt)]);
  });

  it('sends both header sets on an error answer, charging no cost for a refused query', async () => {
    const other = await harness.tokenWith(['me:Read'], harness.demo.agent.email);
    const before = await harness.post(other, '{ rateLimit { remaining } }');
    const refused = await harness.post(other, '{ people(first: 101) { totalCount } }');
    expect(refused.status).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      message: 'Requesting 101 records on the `people` connection exceeds the `first` limit of 100 records.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(header(refused, 'X-CostLimit-Cost')).toBe('0');
    expect(header(refused, 'X-CostLimit-Remaining')).toBe(String(before.json().data.rateLimit.remaining));
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-CostLimit-Limit', 'X-CostLimit-Reset']) expect(header(refused, name)).toMatch(/^\d+$/);
  });
});

describe('GraphQL quotas — round trips to the store', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    harness = await startGraphqlHarness({ limits: LIMITS });
  });
  afterAll(() => harness.stop());

  it('counts an allowed call, its request windows and its cost, in one statement to the default Postgres store', async () => {
    const token = await harness.tokenWith(['me:Read']);
    await harness.post(token, '{ me { name } }');
    const { result: reply, statements } = await recordStatements(() => harness.post(token, '{ me { name } }'));
    expect(reply.status).toBe(200);
    expect(statements.filter((sql) => sql.includes('rate_limit_windows'))).toHaveLength(1);
  });

  it('counts calls in flight together in fewer statements than calls, each call still seeing its own exact figures', async () => {
    const token = await harness.tokenWith(['me:Read', 'person:Read']);
    const before = await harness.post(token, '{ rateLimit { remaining } }');
    const requestsLeft = Number(header(before, 'X-RateLimit-Remaining'));
    // 20 calls of cost 1 and 20 of cost 2 (2 connections of 100 under 100: 1 + 100 + 100 = 201 requests).
    const costly = '{ people(first: 100) { nodes { a: teams(first: 1) { totalCount } b: teams(first: 1) { totalCount } } } }';
    const { result: replies, statements } = await recordStatements(() => Promise.all(Array.from({ length: 40 }, (_, i) => harness.post(token, i % 2 ? costly : '{ me { name } }'))));
    expect(replies.map((reply) => reply.status)).toEqual(Array(40).fill(200));
    const counted = statements.filter((sql) => sql.includes('rate_limit_windows'));
    expect(counted.length).toBeGreaterThanOrEqual(1);
    expect(counted.length).toBeLessThan(40);
    // Every call has a place of its own in the hourly window, no two alike, none skipped.
    const remaining = replies.map((reply) => Number(header(reply, 'X-RateLimit-Remaining'))).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => requestsLeft - 1 - i));
    // The points spent add up exactly: 20 × 1 + 20 × 2, then 1 for the call that reads them.
    const after = await harness.post(token, '{ rateLimit { remaining } }');
    expect(after.json().data.rateLimit.remaining).toBe(before.json().data.rateLimit.remaining - 20 - 40 - 1);
  });
});

describe('GraphQL quotas — the store failing', () => {
  let harness: GraphqlHarness;
  const broken: WindowCounter = { hit: () => Promise.reject(new Error('connection refused')) };
  beforeAll(async () => {
    harness = await startGraphqlHarness({ limits: LIMITS, app: { quotaCounter: broken } });
  });
  afterAll(() => harness.stop());

  it('lets the call through with the figures it knows', async () => {
    const token = await harness.tokenWith(['me:Read']);
    const reply = await harness.post(token, '{ me { name } rateLimit { limit cost remaining resetAt } }');
    expect(reply.status).toBe(200);
    expect(reply.json().data).toEqual({ me: { name: 'Alice Admin' }, rateLimit: { limit: 250, cost: 1, remaining: null, resetAt: null } });
    expect([header(reply, 'X-CostLimit-Limit'), header(reply, 'X-CostLimit-Cost')]).toEqual(['250', '1']);
    expect(header(reply, 'X-CostLimit-Remaining')).toBeUndefined();
    expect(header(reply, 'X-RateLimit-Limit')).toBeUndefined();
  });
});
