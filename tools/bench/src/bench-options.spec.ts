import { readBenchOptions } from './bench-options.js';

describe('readBenchOptions', () => {
  it('runs both benchmarks for 10 s each from the bundle by default, /v1/me at 20 clients and events at 50', () => {
    const options = readBenchOptions({});
    expect(options.only).toBeNull();
    expect(options.runtime).toBe('bundle');
    expect(options.me).toEqual({ plan: { seconds: 10 }, warmup: { seconds: 3 }, clients: 20 });
    expect(options.events).toMatchObject({ plan: { seconds: 10 }, clients: 50, mix: 'half' });
    expect(options.cpuProfileDir).toBeNull();
    expect(options.deliveries).toEqual({
      events: 20_000, warmupEvents: 2_000, algs: ['hs256', 'es256', 'ed25519'], webhooks: 8,
      worker: { maxInFlight: 64, maxInFlightPerWebhook: 16, concurrency: null, mailConcurrency: null },
      latencyRate: 200, latencySeconds: 10, failingWebhooks: 4, mailRate: 100, sink: 'child', quick: false,
      parts: ['throughput', 'durable', 'statements', 'scaling', 'latency', 'mail', 'ordered', 'backlog'], claimBacklogs: [10_000, 100_000, 1_000_000], orderedEvents: 300,
    });
  });

  it('takes small counts with --quick or BENCH_QUICK=1, for checking the harness', () => {
    for (const options of [readBenchOptions({}, ['--quick']), readBenchOptions({ BENCH_QUICK: '1' })]) {
      expect(options.deliveries).toMatchObject({ events: 160, warmupEvents: 40, algs: ['hs256', 'ed25519'], latencyRate: 50, latencySeconds: 1, quick: true });
    }
    expect(readBenchOptions({ BENCH_DELIVERIES: '300' }, ['--quick']).deliveries.events).toBe(300);
  });

  it('takes the worker settings it passes on, and the webhooks the load is spread over', () => {
    const options = readBenchOptions({
      BENCH_WORKER_MAX_IN_FLIGHT: '128', BENCH_WORKER_MAX_IN_FLIGHT_PER_WEBHOOK: '8', BENCH_WORKER_CONCURRENCY: '10', BENCH_MAIL_CONCURRENCY: '2',
      BENCH_WEBHOOKS: '16', BENCH_FAILING_WEBHOOKS: '2', BENCH_MAIL_RATE: '40',
    });
    expect(options.deliveries).toMatchObject({ webhooks: 16, failingWebhooks: 2, mailRate: 40, worker: { maxInFlight: 128, maxInFlightPerWebhook: 8, concurrency: 10, mailConcurrency: 2 } });
  });

  it('selects the deliveries benchmark alone, with its events, algorithms, latency rate and sink', () => {
    const options = readBenchOptions({
      BENCH_ONLY: 'deliveries', BENCH_DELIVERIES: '500', BENCH_DELIVERIES_WARMUP: '50', BENCH_WEBHOOK_ALGS: ' es256 ,rs256,es256,',
      BENCH_LATENCY_RATE: '5', BENCH_LATENCY_SECONDS: '4', BENCH_SINK: 'inline',
    });
    expect(options.only).toBe('deliveries');
    expect(options.deliveries).toMatchObject({ events: 500, warmupEvents: 50, algs: ['es256', 'rs256'], latencyRate: 5, latencySeconds: 4, sink: 'inline' });
  });

  it('runs the deliveries parts BENCH_DELIVERY_PARTS names, in the bench\'s order, and refuses an unknown one', () => {
    expect(readBenchOptions({ BENCH_DELIVERY_PARTS: 'latency, throughput' }).deliveries.parts).toEqual(['throughput', 'latency']);
    expect(() => readBenchOptions({ BENCH_DELIVERY_PARTS: 'throughput,fast' })).toThrow('BENCH_DELIVERY_PARTS must name parts among throughput, durable, statements, scaling, latency, mail, ordered, backlog, got "fast"');
  });

  it('measures the claim at the backlogs BENCH_CLAIM_BACKLOGS names, small ones with --quick', () => {
    expect(readBenchOptions({ BENCH_CLAIM_BACKLOGS: '10000, 250_000' }).deliveries.claimBacklogs).toEqual([10_000, 250_000]);
    expect(readBenchOptions({}, ['--quick']).deliveries.claimBacklogs).toEqual([1_000, 5_000]);
    expect(() => readBenchOptions({ BENCH_CLAIM_BACKLOGS: '10000,1e9x' })).toThrow('BENCH_CLAIM_BACKLOGS must be positive whole numbers separated by commas, got "1e9x"');
  });

  it('selects the code → token benchmark alone: 2000 codes after 200 at 10 clients, or what the environment says', () => {
    expect(readBenchOptions({ BENCH_ONLY: 'oauth' })).toMatchObject({ only: 'oauth', oauth: { codes: 2000, warmupCodes: 200, clients: 10 } });
    expect(readBenchOptions({ BENCH_ONLY: 'oauth', BENCH_OAUTH_CODES: '500', BENCH_OAUTH_WARMUP: '20', BENCH_CLIENTS: '4' }).oauth).toEqual({ codes: 500, warmupCodes: 20, clients: 4 });
    expect(() => readBenchOptions({ BENCH_OAUTH_CODES: '0' })).toThrow('BENCH_OAUTH_CODES must be a positive number');
  });

  it('selects the GraphQL benchmark alone: 20 clients for the run seconds, or a number of calls', () => {
    expect(readBenchOptions({ BENCH_ONLY: 'graphql' })).toMatchObject({ only: 'graphql', graphql: { plan: { seconds: 10 }, warmup: { seconds: 3 }, clients: 20 } });
    expect(readBenchOptions({ BENCH_ONLY: 'graphql', BENCH_GRAPHQL_REQUESTS: '300', BENCH_CLIENTS: '5' }).graphql).toEqual({ plan: { calls: 300 }, warmup: { seconds: 3 }, clients: 5 });
  });

  it('selects the rule expressions benchmark alone: 30,000 evaluations per condition and 30 runs per worst case, fewer with --quick', () => {
    expect(readBenchOptions({ BENCH_ONLY: 'expressions' })).toMatchObject({ only: 'expressions', expressions: { evaluations: 30_000, worstEvaluations: 30 } });
    expect(readBenchOptions({ BENCH_EXPRESSION_EVALUATIONS: '500', BENCH_EXPRESSION_WORST_RUNS: '3' }).expressions).toEqual({ evaluations: 500, worstEvaluations: 3 });
    expect(readBenchOptions({}, ['--quick']).expressions).toEqual({ evaluations: 2_000, worstEvaluations: 5 });
  });

  it('selects the records benchmark alone: 20 clients for the run seconds on 200 organizations, or a number of calls and organizations', () => {
    expect(readBenchOptions({ BENCH_ONLY: 'records' })).toMatchObject({ only: 'records', records: { plan: { seconds: 10 }, warmup: { seconds: 3 }, clients: 20, organizations: 200 } });
    expect(readBenchOptions({ BENCH_ONLY: 'records', BENCH_RECORDS_REQUESTS: '300', BENCH_RECORDS_ORGANIZATIONS: '1000', BENCH_CLIENTS: '5' }).records).toEqual({
      plan: { calls: 300 }, warmup: { seconds: 3 }, clients: 5, organizations: 1000,
    });
    expect(() => readBenchOptions({ BENCH_RECORDS_ORGANIZATIONS: '0' })).toThrow('BENCH_RECORDS_ORGANIZATIONS must be a positive number');
  });

  it('takes a duration, totals, a client count and a profile folder from the environment', () => {
    const options = readBenchOptions({ BENCH_ONLY: 'me', BENCH_DURATION: '4', BENCH_EVENTS: '500', BENCH_CLIENTS: '8', BENCH_CPU_PROFILE: 'prof' });
    expect(options.only).toBe('me');
    expect(options.me).toMatchObject({ plan: { seconds: 4 }, clients: 8 });
    expect(options.events).toMatchObject({ plan: { calls: 500 }, clients: 8 });
    expect(options.cpuProfileDir).toMatch(/\/prof$/);
  });

  it('refuses a value it does not know instead of measuring something else', () => {
    expect(() => readBenchOptions({ BENCH_ONLY: 'rest' })).toThrow('BENCH_ONLY must be one of me, events, deliveries, oauth, graphql, records, expressions, automation, rules-fairness, got "rest"');
    expect(() => readBenchOptions({ BENCH_WEBHOOK_ALGS: 'hs256,ES256' })).toThrow('BENCH_WEBHOOK_ALGS must be policy algorithms in lower case (hs256, es256, ed25519, …), got "ES256"');
    expect(() => readBenchOptions({ BENCH_WORKER_MAX_IN_FLIGHT: '0' })).toThrow('BENCH_WORKER_MAX_IN_FLIGHT must be a positive number');
    expect(() => readBenchOptions({ BENCH_SINK: 'remote' })).toThrow('BENCH_SINK must be one of child, inline, got "remote"');
    expect(() => readBenchOptions({ BENCH_DELIVERIES: '0' })).toThrow('BENCH_DELIVERIES must be a positive number');
    expect(() => readBenchOptions({ BENCH_DURATION: '-1' })).toThrow('BENCH_DURATION must be a positive number');
  });
});
