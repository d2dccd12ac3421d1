import { z } from 'zod';
import { baseConfig, baseConfigSchema, ConfigError, deploymentEnvOf, parseConfig, type BaseConfig } from '@tessera/validation';

/** Signs the provider's cookies outside production when COOKIE_KEYS is unset; public, so never for a deployment. */
export const DEV_COOKIE_KEYS = ['tessera-development-cookie-key-not-secret'];

const schema = baseConfigSchema(3001).extend({
  // The issuer: what clients see in metadata and redirects (ARCHITECTURE.md: http://localhost:3001).
  AUTH_PUBLIC_URL: z.url().optional(),
  COOKIE_KEYS: z.string().optional(),
  // Login attempts (successful or not) per client address and per e-mail address, in one window.
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
});

export interface LoginRateLimits {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

export interface AuthConfig extends BaseConfig {
  /** The issuer identifier, without a trailing slash. */
  issuer: string;
  /** Newest first: the first signs, every one verifies (rotation). */
  cookieKeys: string[];
  /** Set when the development cookie key is used: the app logs it at boot. */
  cookieKeysNotice: string | undefined;
  loginRateLimits: LoginRateLimits;
}

function cookieKeysOf(value: string | undefined, nodeEnv: string | undefined): { keys: string[]; notice: string | undefined } {
  const keys = (value ?? '').split(',').map((key) => key.trim()).filter((key) => key !== '');
  if (keys.length > 0) {
    const short = keys.find((key) => key.length < 32);
    if (short !== undefined) throw new ConfigError(['COOKIE_KEYS: every key must be at least 32 characters']);
    return { keys, notice: undefined };
  }
  if (deploymentEnvOf(nodeEnv) === 'production') throw new ConfigError(['COOKIE_KEYS: is required in production (comma-separated secrets of at least 32 characters)']);
  return { keys: DEV_COOKIE_KEYS, notice: 'COOKIE_KEYS is not set: the public development cookie key signs the login cookies; set COOKIE_KEYS for any deployment' };
}

export function loadAuthConfig(env: Record<string, string | undefined>): AuthConfig {
  const parsed = parseConfig(schema, env);
  const cookies = cookieKeysOf(parsed.COOKIE_KEYS, env['NODE_ENV']);
  return {
    ...baseConfig(parsed),
    issuer: (parsed.AUTH_PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    cookieKeys: cookies.keys,
    cookieKeysNotice: cookies.notice,
    loginRateLimits: { perIp: parsed.LOGIN_RATE_LIMIT_PER_IP, perEmail: parsed.LOGIN_RATE_LIMIT_PER_EMAIL, windowSeconds: parsed.LOGIN_RATE_LIMIT_WINDOW_SECONDS },
  };
}
