/**
 * App configuration from the environment, parsed once at boot. A bad or missing
 * value stops the process with one message naming every problem.
 */
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
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
};

/** The variables every app reads: PORT, HOST, DATABASE_URL, LOG_LEVEL. Apps `.extend()` it with their own. */
export function baseConfigSchema(defaultPort: number) {
  return z.object({
    PORT: configFields.port(defaultPort),
    HOST: configFields.host,
    DATABASE_URL: configFields.databaseUrl,
    LOG_LEVEL: configFields.logLevel,
  });
}

export interface BaseConfig {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: string;
}

export function baseConfig(parsed: { PORT: number; HOST: string; DATABASE_URL: string; LOG_LEVEL: string }): BaseConfig {
  return { port: parsed.PORT, host: parsed.HOST, databaseUrl: parsed.DATABASE_URL, logLevel: parsed.LOG_LEVEL };
}
