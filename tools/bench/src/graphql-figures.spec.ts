import { describeQuotaHeaders, formatServerCpu, formatSkipped, formatThroughputRatio, graphqlOutcome } from './graphql-figures.js';
import type { LoadResult } from './load.js';

const load = (perSecond: number, p99Ms: number): LoadResult => ({ calls: 1, failures: 0, failureReasons: {}, seconds: 1, perSecond, p50Ms: 1, p99Ms, clientCores: 0 });

describe('graphqlOutcome', () => {
  it('takes a 200 with data and no errors as a success', () => {
    expect(graphqlOutcome(200, '{"data":{"me":{"id":"x","name":"Alice"}}}')).toBe(true);
    expect(graphqlOutcome(200, '{"data":{"me":{"name":"has \\"errors\\" in a value"}},"errors":[]}')).toBe(true);
  });

  it('names a GraphQL error of a 200 by its code, so a refused quota or token is counted as a failure', () => {
    expect(graphqlOutcome(200, '{"errors":[{"message":"no","extensions":{"code":"RATE_LIMITED"}}],"data":null}')).toBe('GraphQL RATE_LIMITED');
    expect(graphqlOutcome(200, '{"errors":[{"message":"no"}]}')).toBe('GraphQL error');
    expect(graphqlOutcome(200, '{"errors": oops')).toBe('GraphQL unreadable body');
  });

  it('names any other status', () => {
    expect(graphqlOutcome(429, '{"errors":[]}')).toBe('HTTP 429');
    expect(graphqlOutcome(500, '')).toBe('HTTP 500');
  });
});

describe('the GraphQL lines', () => {
  it('lists the quota headers that are there, and says when none is', () => {
    expect(describeQuotaHeaders({ 'x-costlimit-cost': '1', 'x-ratelimit-limit': '100000000', 'content-type': 'application/json' })).toBe('x-ratelimit-limit 100000000, x-costlimit-cost 1');
    expect(describeQuotaHeaders({})).toMatch(/^none/);
  });

  it('prints the throughput ratio and both p99s', () => {
    expect(formatThroughputRatio('tessera/bare Apollo', load(500, 80.04), load(2000, 20))).toBe('  ratio tessera/bare Apollo throughput: 0.250 ×; p99 80.0 ms against 20.0 ms');
    expect(formatThroughputRatio('x', load(5, 1), load(0, 1))).toContain('0.000 ×');
  });

  it('says why a part was skipped', () => {
    expect(formatSkipped('requests page', 'schema has no requests connection yet')).toBe('requests page: skipped: schema has no requests connection yet');
  });
});

describe('formatServerCpu', () => {
  it("prints both servers' CPU time per call and their ratio", () => {
    expect(formatServerCpu('tessera', 13.08, 'bare Express', 4.307)).toBe('  server CPU per call: tessera 13.080 ms, bare Express 4.307 ms (3.04 ×)');
  });

  it('says so when /proc could not be read', () => {
    expect(formatServerCpu('tessera', null, 'bare Apollo', 0.3)).toBe('  server CPU per call: unknown (no /proc here)');
  });
});
