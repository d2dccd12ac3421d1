/**
 * Published secondary limits (issue 23), each with its own error:
 * - calls in flight: one call more than GRAPHQL_MAX_CALLS_IN_FLIGHT of one caller, while the
 *   others run, gets 429, Retry-After 1 and CONCURRENCY_LIMITED before anything of it runs;
 * - execution time: a call past GRAPHQL_MAX_EXECUTION_MS runs no further field and answers one
 *   EXECUTION_TIMEOUT error with `data: null`.
 */
import { createMemoryWindowCounterForTests } from './support/gated-counter.js';
import { GENEROUS_GRAPHQL_LIMITS, startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

describe('GraphQL secondary limit — calls in flight per caller', () => {
  let harness: GraphqlHarness;
  const gate = createMemoryWindowCounterForTests();
  beforeAll(async () => {
    harness = await startGraphqlHarness({ limits: { ...GENEROUS_GRAPHQL_LIMITS, maxCallsInFlight: 1 }, app: { quotaCounter: gate.counter } });
  });
  afterAll(() => harness.stop());

  it('refuses a call beyond the ceiling with 429 CONCURRENCY_LIMITED while the others run, and lets the next one through', async () => {
    const token = await harness.tokenWith(['me:Read']);
    const other = await harness.tokenWith(['me:Read'], harness.demo.agent.email);
    gate.close();
    const running = harness.post(token, '{ me { name } }');
    await gate.waiting();
    const crowded = harness.post(token, '{ me { name } }');
    const someoneElse = harness.post(other, '{ me { name } }');
    // Give both time to reach the app while the first call waits on the store.
    await new Promise((resolve) => setTimeout(resolve, 300));
    gate.open();
    const [first, refused, others] = await Promise.all([running, crowded, someoneElse]);
    expect(first.status).toBe(200);
    expect(first.json().data).toEqual({ me: { name: 'Alice Admin' } });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().errors).toEqual([
      {
        message: 'Too many calls in flight: at most 1 calls of one caller may run at once; retry when one has been answered.',
        extensions: { code: 'CONCURRENCY_LIMITED' },
      },
    ]);
    // It counted as a request, at cost 0.
    expect(refused.headers['x-costlimit-cost']).toBe('0');
    expect(others.status).toBe(200);
    // Once answered, the caller may call again.
    expect((await harness.post(token, '{ me { name } }')).status).toBe(200);
  });
});

describe('GraphQL secondary limit — execution time per call', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    harness = await startGraphqlHarness({ limits: { ...GENEROUS_GRAPHQL_LIMITS, maxExecutionMs: 200 } });
  });
  afterAll(() => harness.stop());

  it('stops a call past its time with one EXECUTION_TIMEOUT error and no data', async () => {
    const token = await harness.tokenWith(['request:Read', 'request:Create', 'person:Read']);
    const created = await harness.post(token, 'mutation { requestCreate(input: {subject: "Disk full", note: "at 99%"}) { errors { message } } }');
    expect(created.json().data.requestCreate.errors).toEqual([]);
    // The notes are locked for 600 ms: the call's notes statement waits past its 200 ms.
    const locker = await harness.test.db.client.acquireConnection();
    await harness.test.db.client.query(locker, { sql: 'begin; lock table notes in access exclusive mode', bindings: [] });
    const call = harness.post(token, '{ requests(first: 5) { nodes { subject notes(first: 5) { nodes { text person { name } } } } } }');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await harness.test.db.client.query(locker, { sql: 'rollback', bindings: [] });
    await harness.test.db.client.releaseConnection(locker);
    const reply = await call;
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({
      data: null,
      errors: [{ message: 'The call ran longer than the execution time limit of 200 ms and was stopped; ask for fewer records per call.', extensions: { code: 'EXECUTION_TIMEOUT' } }],
      extensions: { cost: expect.objectContaining({ requestedQueryCost: 1 }) },
    });
    // The same call within its time answers in full.
    const again = await harness.post(token, '{ requests(first: 5) { nodes { subject notes(first: 5) { nodes { text person { name } } } } } }');
    expect(again.json().errors).toBeUndefined();
    expect(again.json().data.requests.nodes.length).toBeGreaterThan(0);
  });
});
