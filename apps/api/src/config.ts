import { z } from 'zod';
import { baseConfig, baseConfigSchema, configFields, parseConfig, type BaseConfig } from '@tessera/validation';

const schema = baseConfigSchema(3000).extend({
  REDIS_URL: configFields.redisUrl,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  PUBLIC_URL: configFields.publicUrl,
  // The REST request-rate windows; the defaults are those of REFERENCE.md.
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(3600),
  RATE_LIMIT_PER_2_SECONDS: z.coerce.number().int().min(1).default(20),
});

export interface ApiConfig extends BaseConfig {
  redisUrl: string | undefined;
  databasePoolMax: number;
  /** Base of links in responses: PUBLIC_URL, else http://localhost:<port>, plus /v1. */
  apiUrl: string;
  rateWindows: Array<{ points: number; durationSeconds: number }>;
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
  };
}
