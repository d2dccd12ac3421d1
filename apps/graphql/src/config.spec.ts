import { ConfigError } from '@tessera/validation';
import { loadGraphqlConfig } from './config.js';
import { DEFAULT_GRAPHQL_LIMITS } from './limits/graphql-limits.js';

const DATABASE_URL = 'postgres://localhost/tessera';
const load = (env: Record<string, string>) => loadGraphqlConfig({ DATABASE_URL, ...env });

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('GraphQL configuration — limits and quotas', () => {
  it('defaults to the values of SPEC.md', () => {
    const { limits, tlsMode, redisUrl } = load({});
    expect(limits).toEqual(DEFAULT_GRAPHQL_LIMITS);
    expect(limits).toMatchObject({
      maxPageSize: 100,
      maxDepth: 13,
      maxNodes: 500_000,
      maxSelections: 10_000,
      maxMutationsPerRequest: 1,
      costPoints: 5000,
      costWindowSeconds: 3600,
      requestWindows: [
        { points: 3600, durationSeconds: 3600 },
        { points: 20, durationSeconds: 2 },
      ],
    });
    expect(tlsMode).toBe('direct');
    expect(redisUrl).toBeUndefined();
  });

  it('reads every limit from its variable', () => {
    const { limits } = load({
      GRAPHQL_MAX_PAGE_SIZE: '50',
      GRAPHQL_MAX_DEPTH: '8',
      GRAPHQL_MAX_NODES: '1000',
      GRAPHQL_MAX_SELECTIONS: '2000',
      GRAPHQL_MAX_MUTATIONS_PER_REQUEST: '2',
      GRAPHQL_RATE_LIMIT_PER_HOUR: '100',
      GRAPHQL_RATE_LIMIT_PER_2_SECONDS: '5',
      GRAPHQL_COST_POINTS_PER_HOUR: '300',
      GRAPHQL_MAX_CALLS_IN_FLIGHT: '4',
      GRAPHQL_MAX_EXECUTION_MS: '2500',
      GRAPHQL_DOCUMENTATION_URL: 'https://docs.example/limits',
    });
    expect(limits).toEqual({
      maxPageSize: 50,
      maxDepth: 8,
      maxNodes: 1000,
      maxSelections: 2000,
      maxMutationsPerRequest: 2,
      requestWindows: [
        { points: 100, durationSeconds: 3600 },
        { points: 5, durationSeconds: 2 },
      ],
      costPoints: 300,
      costWindowSeconds: 3600,
      maxCallsInFlight: 4,
      maxExecutionMs: 2500,
      documentationUrl: 'https://docs.example/limits',
    });
  });

  it.each([
    ['GRAPHQL_RATE_LIMIT_PER_2_SECONDS', '0', 'must be at least 1'],
    ['GRAPHQL_RATE_LIMIT_PER_HOUR', 'lots', 'must be a whole number'],
    ['GRAPHQL_COST_POINTS_PER_HOUR', '2.5', 'must be a whole number'],
    ['GRAPHQL_MAX_CALLS_IN_FLIGHT', '0', 'must be at least 1'],
    ['GRAPHQL_MAX_EXECUTION_MS', 'soon', 'must be a whole number'],
    ['GRAPHQL_MAX_NODES', '-1', 'must be at least 1'],
    ['GRAPHQL_MAX_DEPTH', '5000', 'must be at most 1000'],
    ['GRAPHQL_MAX_PAGE_SIZE', '0', 'must be at least 1'],
    ['GRAPHQL_MAX_SELECTIONS', '', 'must be at least 1'],
    ['GRAPHQL_DOCUMENTATION_URL', 'not a url', 'must be an absolute URL'],
    ['GRAPHQL_TLS', 'maybe', "must be 'on' (TLS on this port) or 'proxy' (behind a TLS-terminating proxy)"],
    ['REDIS_URL', 'http://cache', 'must be a redis:// connection string'],
  ])('refuses %s=%j at boot with a message naming it', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([`${name}: ${message}`]);
  });

  it('bounds automatic persisted queries by count, by bytes, and per document, a document no larger than the store', () => {
    expect(load({}).persistedQueries).toEqual({ maxEntries: 10_000, maxBytes: 33_554_432, maxDocumentBytes: 65_536, trustedDocumentsFile: null });
    expect(load({ GRAPHQL_PERSISTED_QUERIES_MAX: '50', GRAPHQL_PERSISTED_QUERIES_MAX_BYTES: '100000', GRAPHQL_PERSISTED_QUERY_MAX_BYTES: '4096' }).persistedQueries).toMatchObject({
      maxEntries: 50,
      maxBytes: 100_000,
      maxDocumentBytes: 4096,
    });
    expect(problemsOf({ GRAPHQL_PERSISTED_QUERIES_MAX_BYTES: '1000' })).toEqual([
      'GRAPHQL_PERSISTED_QUERY_MAX_BYTES: must not exceed GRAPHQL_PERSISTED_QUERIES_MAX_BYTES, the bytes of every registration together',
    ]);
  });

  it('takes the proxy mode only with TRUST_PROXY and without a certificate of its own', () => {
    expect(load({ GRAPHQL_TLS: 'proxy', TRUST_PROXY: 'loopback' }).tlsMode).toBe('proxy');
    expect(problemsOf({ GRAPHQL_TLS: 'proxy' })).toEqual([
      'GRAPHQL_TLS: GRAPHQL_TLS=proxy needs TRUST_PROXY naming the proxy, whose X-Forwarded-Proto says whether the client used HTTPS',
    ]);
    expect(problemsOf({ GRAPHQL_TLS: 'proxy', TRUST_PROXY: '10.0.0.0/8', TLS_CERT_FILE: '/c.pem', TLS_KEY_FILE: '/k.pem' })).toEqual([
      'GRAPHQL_TLS: GRAPHQL_TLS=proxy serves plain HTTP: the certificate belongs to the proxy, not TLS_CERT_FILE',
    ]);
  });
});
