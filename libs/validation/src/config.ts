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
