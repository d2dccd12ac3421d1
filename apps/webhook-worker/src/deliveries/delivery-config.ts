/**
 * The worker's webhook delivery settings (docs/decisions/016-webhook-delivery.md):
 * - API_PUBLIC_URL: the api's public base (its PUBLIC_URL, default
 *   http://localhost:3000); `/v1` is added. Messages name their account by it
 *   (the `account` field and the JWT `iss`).
 * - WEBHOOK_RETRY_BASE_MS: the wait after a first failed attempt (default 30 s),
 *   doubled after each further one, at most an hour.
 * - WEBHOOK_ALLOWED_NETWORKS: comma-separated CIDRs the worker may deliver to
 *   although they are private, loopback or link-local (default none), e.g.
 *   `127.0.0.0/8,::1/128` for a receiver on the same machine.
 */
import { z } from 'zod';
import { parseAllowedNetworks, type AllowedNetworks } from '@tessera/domain';
import { parseConfig } from '@tessera/validation';

export interface DeliveryConfig {
  /** e.g. http://localhost:3000/v1 */
  apiUrl: string;
  retryBaseMs: number;
  allowedNetworks: AllowedNetworks;
}

const empty = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  API_PUBLIC_URL: z.preprocess(empty, z.url().default('http://localhost:3000')),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  WEBHOOK_ALLOWED_NETWORKS: z.string().default('').transform((text, ctx) => {
    try {
      return parseAllowedNetworks(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
});

export function loadDeliveryConfig(env: Record<string, string | undefined>): DeliveryConfig {
  const parsed = parseConfig(schema, env);
  return {
    apiUrl: `${parsed.API_PUBLIC_URL.replace(/\/+$/, '')}/v1`,
    retryBaseMs: parsed.WEBHOOK_RETRY_BASE_MS,
    allowedNetworks: parsed.WEBHOOK_ALLOWED_NETWORKS,
  };
}
