/**
 * App configuration from the environment, parsed once at boot. A bad or missing
 * value stops the process with one message naming every problem.
 */
import { z } from 'zod';
import { publishedSecretProblems } from './example-secrets.js';
import { trustProxyField, type TrustProxySetting } from './trust-proxy.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` with `schema`; with NODE_ENV=production, a secret published with Tessera is a problem too (example-secrets.ts). */
export function parseConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)),
    ...(env['NODE_ENV'] === 'production' ? publishedSecretProblems(env) : []),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return result.data;
}

/** Schema pieces every app shares. */
export const configFields = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  host: z.string().min(1).default('0.0.0.0'),
  databaseUrl: z
    .string({ error: 'is required (npm start and nx serve set it for the embedded PostgreSQL)' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string'),
  redisUrl: z.string().regex(/^rediss?:\/\//, 'must be a redis:// connection string').optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  publicUrl: z.url().optional(),
  trustProxy: trustProxyField,
  // Empty means unset, so a compose file can pass `METRICS_TOKEN: ${METRICS_TOKEN:-}`.
  metricsToken: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(16, 'must be at least 16 characters').regex(/^\S+$/, 'must not contain spaces').optional(),
  ),
};

/**
 * The variables every app reads: PORT, HOST, DATABASE_URL, LOG_LEVEL, and for its
 * HTTP server TRUST_PROXY and METRICS_TOKEN. Apps `.extend()` it with their own.
 */
export function baseConfigSchema(defaultPort: number) {
  return z.object({
    PORT: configFields.port(defaultPort),
    HOST: configFields.host,
    DATABASE_URL: configFields.databaseUrl,
    LOG_LEVEL: configFields.logLevel,
    TRUST_PROXY: configFields.trustProxy,
    METRICS_TOKEN: configFields.metricsToken,
    // Issue 20: SIGTERM → /readyz 503 → (delay) stop accepting → finish in flight → exit, all within the grace.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    // Issue 20 item 1 and docs/decisions/027: what rate limits do while their store cannot be reached.
    RATE_LIMIT_STORE_DOWN: z.enum(['allow', 'deny']).default('allow'),
  }).refine((v) => v.SHUTDOWN_DELAY_MS < v.SHUTDOWN_GRACE_MS, {
    path: ['SHUTDOWN_DELAY_MS'],
    message: 'must be less than SHUTDOWN_GRACE_MS: the requests in flight need part of the grace to finish',
  });
}

export interface BaseConfig {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: string;
  /** Whose X-Forwarded-* headers count: false (nobody), a hop count, or addresses/CIDRs/names. */
  trustProxy: TrustProxySetting;
  /** When set, GET /metrics needs it as a bearer token; unset, only loopback peers are answered. */
  metricsToken: string | undefined;
  /** SHUTDOWN_GRACE_MS and SHUTDOWN_DELAY_MS, as `serve` takes them. */
  shutdown: { graceMs: number; delayMs: number };
  /** RATE_LIMIT_STORE_DOWN: let calls through uncounted (`allow`, default) or answer 503 (`deny`) while the rate-limit store is unreachable. */
  rateLimitStoreDown: 'allow' | 'deny';
}

interface ParsedBase {
  PORT: number;
  HOST: string;
  DATABASE_URL: string;
  LOG_LEVEL: string;
  TRUST_PROXY: TrustProxySetting;
  METRICS_TOKEN?: string | undefined;
  SHUTDOWN_GRACE_MS: number;
  SHUTDOWN_DELAY_MS: number;
  RATE_LIMIT_STORE_DOWN: 'allow' | 'deny';
}

export function baseConfig(parsed: ParsedBase): BaseConfig {
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parsed.TRUST_PROXY,
    metricsToken: parsed.METRICS_TOKEN,
    shutdown: { graceMs: parsed.SHUTDOWN_GRACE_MS, delayMs: parsed.SHUTDOWN_DELAY_MS },
    rateLimitStoreDown: parsed.RATE_LIMIT_STORE_DOWN,
  };
}
