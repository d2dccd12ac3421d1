import { z } from 'zod';
import { configFields, parseConfig } from '@tessera/validation';

const schema = z
  .object({
    PORT: configFields.port(3002),
    HOST: configFields.host,
    DATABASE_URL: configFields.databaseUrl,
    LOG_LEVEL: configFields.logLevel,
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
  })
  .refine((env) => Boolean(env.TLS_CERT_FILE) === Boolean(env.TLS_KEY_FILE), {
    message: 'TLS_CERT_FILE and TLS_KEY_FILE go together',
    path: ['TLS_CERT_FILE'],
  });

export interface GraphqlConfig {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: string;
  tls: { certFile: string; keyFile: string } | null;
}

export function loadGraphqlConfig(env: Record<string, string | undefined>): GraphqlConfig {
  const parsed = parseConfig(schema, env);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    logLevel: parsed.LOG_LEVEL,
    tls: parsed.TLS_CERT_FILE && parsed.TLS_KEY_FILE ? { certFile: parsed.TLS_CERT_FILE, keyFile: parsed.TLS_KEY_FILE } : null,
  };
}
