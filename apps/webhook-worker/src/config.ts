import { z } from 'zod';
import { configFields, parseConfig } from '@tessera/validation';

const schema = z.object({
  PORT: configFields.port(3003),
  HOST: configFields.host,
  DATABASE_URL: configFields.databaseUrl,
  LOG_LEVEL: configFields.logLevel,
});

export interface WorkerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: string;
}

export function loadWorkerConfig(env: Record<string, string | undefined>): WorkerConfig {
  const parsed = parseConfig(schema, env);
  return { port: parsed.PORT, host: parsed.HOST, databaseUrl: parsed.DATABASE_URL, logLevel: parsed.LOG_LEVEL };
}
