import { z } from 'zod';
import { baseConfig, baseConfigSchema, configFields, parseConfig, type BaseConfig } from '@tessera/validation';
import { DEFAULT_GRAPHQL_LIMITS, type GraphqlLimits } from './limits/graphql-limits.js';
import { DEFAULT_PERSISTED_QUERY_LIMITS, type PersistedQueryLimits } from './persisted/account-persisted-queries.js';

const limit = (fallback: number, max: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`).default(fallback);
const [hourWindow, shortWindow] = DEFAULT_GRAPHQL_LIMITS.requestWindows;

// Every GraphQL limit and quota; the defaults are the values of SPEC.md "Limits / GraphQL".
const limitsSchema = z.object({
  GRAPHQL_MAX_PAGE_SIZE: limit(DEFAULT_GRAPHQL_LIMITS.maxPageSize, 10_000),
  GRAPHQL_MAX_DEPTH: limit(DEFAULT_GRAPHQL_LIMITS.maxDepth, 1_000),
  GRAPHQL_MAX_NODES: limit(DEFAULT_GRAPHQL_LIMITS.maxNodes, 1_000_000_000),
  GRAPHQL_MAX_SELECTIONS: limit(DEFAULT_GRAPHQL_LIMITS.maxSelections, 1_000_000),
  GRAPHQL_MAX_MUTATIONS_PER_REQUEST: limit(DEFAULT_GRAPHQL_LIMITS.maxMutationsPerRequest, 100),
  GRAPHQL_RATE_LIMIT_PER_HOUR: limit(hourWindow!.points, 100_000_000),
  GRAPHQL_RATE_LIMIT_PER_2_SECONDS: limit(shortWindow!.points, 100_000_000),
  GRAPHQL_COST_POINTS_PER_HOUR: limit(DEFAULT_GRAPHQL_LIMITS.costPoints, 100_000_000),
  GRAPHQL_MAX_CALLS_IN_FLIGHT: limit(DEFAULT_GRAPHQL_LIMITS.maxCallsInFlight, 100_000),
  GRAPHQL_MAX_EXECUTION_MS: limit(DEFAULT_GRAPHQL_LIMITS.maxExecutionMs, 3_600_000),
  GRAPHQL_DOCUMENTATION_URL: z.url({ error: 'must be an absolute URL' }).default(DEFAULT_GRAPHQL_LIMITS.documentationUrl),
});

const schema = baseConfigSchema(3002)
  .extend({
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    // 'on': TLS on this port; 'proxy': plain HTTP behind a TLS-terminating proxy named by TRUST_PROXY.
    GRAPHQL_TLS: z.enum(['on', 'proxy'], { error: "must be 'on' (TLS on this port) or 'proxy' (behind a TLS-terminating proxy)" }).default('on'),
    // Quota counters shared by every replica: Redis when set, else the database (as the api).
    REDIS_URL: configFields.redisUrl,
    // Automatic persisted queries kept per replica (every account together), least recently used
    // out, by count and by bytes; and the largest document one may register.
    GRAPHQL_PERSISTED_QUERIES_MAX: limit(DEFAULT_PERSISTED_QUERY_LIMITS.maxEntries, 10_000_000),
    GRAPHQL_PERSISTED_QUERIES_MAX_BYTES: limit(DEFAULT_PERSISTED_QUERY_LIMITS.maxBytes, 4 * 1024 ** 3),
    GRAPHQL_PERSISTED_QUERY_MAX_BYTES: limit(DEFAULT_PERSISTED_QUERY_LIMITS.maxDocumentBytes, 16 * 1024 ** 2),
    // A persisted query manifest: when set, only its documents run (trusted documents).
    GRAPHQL_TRUSTED_DOCUMENTS: z.string().min(1, 'must name a file').optional(),
  })
  .extend(limitsSchema.shape)
  .refine((env) => env.GRAPHQL_PERSISTED_QUERY_MAX_BYTES <= env.GRAPHQL_PERSISTED_QUERIES_MAX_BYTES, {
    message: 'must not exceed GRAPHQL_PERSISTED_QUERIES_MAX_BYTES, the bytes of every registration together',
    path: ['GRAPHQL_PERSISTED_QUERY_MAX_BYTES'],
  })
  .refine((env) => Boolean(env.TLS_CERT_FILE) === Boolean(env.TLS_KEY_FILE), {
    message: 'TLS_CERT_FILE and TLS_KEY_FILE go together',
    path: ['TLS_CERT_FILE'],
  })
  .refine((env) => env.GRAPHQL_TLS !== 'proxy' || env.TRUST_PROXY !== false, {
    message: 'GRAPHQL_TLS=proxy needs TRUST_PROXY naming the proxy, whose X-Forwarded-Proto says whether the client used HTTPS',
    path: ['GRAPHQL_TLS'],
  })
  .refine((env) => env.GRAPHQL_TLS !== 'proxy' || !env.TLS_CERT_FILE, {
    message: 'GRAPHQL_TLS=proxy serves plain HTTP: the certificate belongs to the proxy, not TLS_CERT_FILE',
    path: ['GRAPHQL_TLS'],
  });

export interface GraphqlConfig extends BaseConfig {
  tls: { certFile: string; keyFile: string } | null;
  /** 'proxy': plain HTTP behind a TLS-terminating proxy (app.ts refuses what it did not receive over HTTPS). */
  tlsMode: 'direct' | 'proxy';
  redisUrl: string | undefined;
  limits: GraphqlLimits;
  /** The bounds of automatic persisted queries in a replica; the trusted documents' manifest file, when only those run. */
  persistedQueries: PersistedQueryLimits & { trustedDocumentsFile: string | null };
}

export function loadGraphqlConfig(env: Record<string, string | undefined>): GraphqlConfig {
  const parsed = parseConfig(schema, env);
  return {
    ...baseConfig(parsed),
    tls: parsed.TLS_CERT_FILE && parsed.TLS_KEY_FILE ? { certFile: parsed.TLS_CERT_FILE, keyFile: parsed.TLS_KEY_FILE } : null,
    tlsMode: parsed.GRAPHQL_TLS === 'proxy' ? 'proxy' : 'direct',
    redisUrl: parsed.REDIS_URL,
    persistedQueries: {
      maxEntries: parsed.GRAPHQL_PERSISTED_QUERIES_MAX,
      maxBytes: parsed.GRAPHQL_PERSISTED_QUERIES_MAX_BYTES,
      maxDocumentBytes: parsed.GRAPHQL_PERSISTED_QUERY_MAX_BYTES,
      trustedDocumentsFile: parsed.GRAPHQL_TRUSTED_DOCUMENTS ?? null,
    },
    limits: {
      ...DEFAULT_GRAPHQL_LIMITS,
      maxPageSize: parsed.GRAPHQL_MAX_PAGE_SIZE,
      maxDepth: parsed.GRAPHQL_MAX_DEPTH,
      maxNodes: parsed.GRAPHQL_MAX_NODES,
      maxSelections: parsed.GRAPHQL_MAX_SELECTIONS,
      maxMutationsPerRequest: parsed.GRAPHQL_MAX_MUTATIONS_PER_REQUEST,
      requestWindows: [
        { points: parsed.GRAPHQL_RATE_LIMIT_PER_HOUR, durationSeconds: hourWindow!.durationSeconds },
        { points: parsed.GRAPHQL_RATE_LIMIT_PER_2_SECONDS, durationSeconds: shortWindow!.durationSeconds },
      ],
      costPoints: parsed.GRAPHQL_COST_POINTS_PER_HOUR,
      maxCallsInFlight: parsed.GRAPHQL_MAX_CALLS_IN_FLIGHT,
      maxExecutionMs: parsed.GRAPHQL_MAX_EXECUTION_MS,
      documentationUrl: parsed.GRAPHQL_DOCUMENTATION_URL,
    },
  };
}
