import { baseConfig, baseConfigSchema, parseConfig, type BaseConfig } from '@tessera/validation';

const schema = baseConfigSchema(3001);

export type AuthConfig = BaseConfig;

export function loadAuthConfig(env: Record<string, string | undefined>): AuthConfig {
  return baseConfig(parseConfig(schema, env));
}
