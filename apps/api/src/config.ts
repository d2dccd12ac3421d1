import { z } from 'zod';
import { DEFAULT_BODY_LIMIT_BYTES } from '@tessera/http';
import { baseConfig, baseConfigSchema, configFields, parseConfig, sealingKeyConfig, DEFAULT_PER_PAGE, MAX_PER_PAGE, type BaseConfig, type PageSizeLimits } from '@tessera/validation';
import type { SealingKey } from '@tessera/domain';
import type { ScssLimits } from './scss/scss-pool.js';

// The REST input limits; the page-size defaults are those of REFERENCE.md "REST conventions".
const limitsSchema = z.object({
  PER_PAGE_DEFAULT: z.coerce.number().int().min(1).default(DEFAULT_PER_PAGE),
  PER_PAGE_MAX: z.coerce.number().int().min(1).max(10_000).default(MAX_PER_PAGE),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(DEFAULT_BODY_LIMIT_BYTES),
  // The largest file POST /v1/attachments stores (413 above it): 10 MB unless said otherwise.
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).max(1_073_741_824).default(10 * 1024 * 1024),
});

/** Page sizes of every collection and the largest request body the api accepts. */
export interface ApiLimits {
  pageSize: PageSizeLimits;
  bodyLimitBytes: number;
  /** The largest attachment upload. */
  attachmentMaxBytes: number;
}

function limitsOf(parsed: z.infer<typeof limitsSchema>): ApiLimits {
  return { pageSize: { default: parsed.PER_PAGE_DEFAULT, max: parsed.PER_PAGE_MAX }, bodyLimitBytes: parsed.BODY_LIMIT_BYTES, attachmentMaxBytes: parsed.ATTACHMENT_MAX_BYTES };
}

/** The limits with no variable set: what createApiApp uses when it is given none. */
export const DEFAULT_API_LIMITS: ApiLimits = limitsOf(limitsSchema.parse({}));

// The SCSS compile pool (scss/scss-pool.ts); the defaults suit a 2-core machine.
const scssSchema = z.object({
  SCSS_COMPILE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  // The heap of each compile process; below 32 MB sass itself does not load.
  SCSS_COMPILE_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(64),
  SCSS_COMPILE_PROCESSES: z.coerce.number().int().min(1).max(64).default(2),
  SCSS_COMPILE_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
});

function scssLimitsOf(parsed: z.infer<typeof scssSchema>): ScssLimits {
  return { timeLimitMs: parsed.SCSS_COMPILE_TIMEOUT_MS, memoryLimitMb: parsed.SCSS_COMPILE_MEMORY_MB, poolSize: parsed.SCSS_COMPILE_PROCESSES, queueMax: parsed.SCSS_COMPILE_QUEUE };
}

/** The SCSS limits with no variable set. */
export const DEFAULT_SCSS_LIMITS: ScssLimits = scssLimitsOf(scssSchema.parse({}));

const schema = baseConfigSchema(3000).extend({
  REDIS_URL: configFields.redisUrl,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  PUBLIC_URL: configFields.publicUrl,
  // The REST request-rate windows; the defaults are those of REFERENCE.md.
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(3600),
  RATE_LIMIT_PER_2_SECONDS: z.coerce.number().int().min(1).default(20),
}).extend(limitsSchema.shape).extend(scssSchema.shape).refine((env) => env.PER_PAGE_DEFAULT <= env.PER_PAGE_MAX, {
  path: ['PER_PAGE_DEFAULT'],
  message: 'must not be greater than PER_PAGE_MAX',
});

export interface ApiConfig extends BaseConfig {
  redisUrl: string | undefined;
  databasePoolMax: number;
  /** Base of links in responses: PUBLIC_URL, else http://localhost:<port>, plus /v1. */
  apiUrl: string;
  rateWindows: Array<{ points: number; durationSeconds: number }>;
  limits: ApiLimits;
  /** SECRET_SEALING_KEY: seals the private keys and secrets of webhook policies. */
  sealingKey: SealingKey;
  /** SCSS_COMPILE_*: time and memory of one compile, processes, queue. */
  scss: ScssLimits;
}

export function loadApiConfig(env: Record<string, string | undefined>): ApiConfig {
  const parsed = parseConfig(schema, env);
  return {
    ...baseConfig(parsed),
    redisUrl: parsed.REDIS_URL,
    databasePoolMax: parsed.DATABASE_POOL_MAX,
    rateWindows: [
      { points: parsed.RATE_LIMIT_PER_HOUR, durationSeconds: 3600 },
      { points: parsed.RATE_LIMIT_PER_2_SECONDS, durationSeconds: 2 },
    ],
    apiUrl: `${(parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '')}/v1`,
    limits: limitsOf(parsed),
    sealingKey: sealingKeyConfig(env),
    scss: scssLimitsOf(parsed),
  };
}
