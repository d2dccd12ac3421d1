import { z } from 'zod';
import { baseConfig, baseConfigSchema, parseConfig, type BaseConfig } from '@tessera/validation';

const schema = baseConfigSchema(3002)
  .extend({
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
  })
  .refine((env) => Boolean(env.TLS_CERT_FILE) === Boolean(env.TLS_KEY_FILE), {
    message: 'TLS_CERT_FILE and TLS_KEY_FILE go together',
    path: ['TLS_CERT_FILE'],
  });

export interface GraphqlConfig extends BaseConfig {
  tls: { certFile: string; keyFile: string } | null;
}

export function loadGraphqlConfig(env: Record<string, string | undefined>): GraphqlConfig {
  const parsed = parseConfig(schema, env);
  return {
    ...baseConfig(parsed),
    tls: parsed.TLS_CERT_FILE && parsed.TLS_KEY_FILE ? { certFile: parsed.TLS_CERT_FILE, keyFile: parsed.TLS_KEY_FILE } : null,
  };
}
