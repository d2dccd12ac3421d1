/**
 * The worker's webhook delivery settings (decisions 016 and 024):
 * - API_PUBLIC_URL: the api's public base (its PUBLIC_URL, default
 *   http://localhost:3000); `/v1` is added. Messages name their account by it
 *   (the `account` field and the JWT `iss`).
 * - WEBHOOK_RETRY_BASE_MS: the first wait of the retry schedule (default 5 s);
 *   every later wait scales with it (delivery-rules.ts), so tests run the
 *   two-day schedule in a second or two with a fraction of a millisecond.
 * - WEBHOOK_ALLOWED_NETWORKS: comma-separated CIDRs the worker may deliver to
 *   although they are private, loopback or link-local (default none), e.g.
 *   `127.0.0.0/8,::1/128` for a receiver on the same machine.
 * - WEBHOOK_MAX_IN_FLIGHT (default 64, sized for 2 cores) and
 *   WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK (default 16): deliveries sent at once
 *   by this process (as many more are claimed ahead and wait for a slot),
 *   and sent or waiting per webhook over every process.
 * - WEBHOOK_LEASE_MS (default 60 s): how long a claim holds a delivery; a
 *   crashed process's deliveries are sent again after it. Keep it well above
 *   twice the 10 s send timeout (a delivery claimed ahead may wait one send
 *   timeout for its slot), or a slow live attempt can lose its lease.
 * - WEBHOOK_POLL_MS (default 1 s): how often the dispatcher looks for retries
 *   coming due (new deliveries wake it at once).
 * - DELIVERY_RETENTION_DAYS (default 30): how long the delivery log keeps
 *   deliveries and their attempts; a week's partition is dropped whole once it is
 *   all this far behind and holds no pending or paused delivery (decision 057).
 */
import { z } from 'zod';
import { DEFAULT_RETRY_BASE_MS, parseAllowedNetworks, type AllowedNetworks } from '@tessera/domain';
import { parseConfig } from '@tessera/validation';

export interface DeliveryConfig {
  /** e.g. http://localhost:3000/v1 */
  apiUrl: string;
  retryBaseMs: number;
  allowedNetworks: AllowedNetworks;
  maxInFlight: number;
  maxInFlightPerWebhook: number;
  leaseMs: number;
  pollMs: number;
  retentionDays: number;
}

const empty = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  API_PUBLIC_URL: z.preprocess(empty, z.url().default('http://localhost:3000')),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().positive().max(3_600_000).default(DEFAULT_RETRY_BASE_MS),
  WEBHOOK_ALLOWED_NETWORKS: z.string().default('').transform((text, ctx) => {
    try {
      return parseAllowedNetworks(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  WEBHOOK_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(64),
  WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: z.coerce.number().int().min(1).max(1000).default(16),
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1_000),
  DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
});

export function loadDeliveryConfig(env: Record<string, string | undefined>): DeliveryConfig {
  const parsed = parseConfig(schema, env);
  return {
    apiUrl: `${parsed.API_PUBLIC_URL.replace(/\/+$/, '')}/v1`,
    retryBaseMs: parsed.WEBHOOK_RETRY_BASE_MS,
    allowedNetworks: parsed.WEBHOOK_ALLOWED_NETWORKS,
    maxInFlight: parsed.WEBHOOK_MAX_IN_FLIGHT,
    maxInFlightPerWebhook: parsed.WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK,
    leaseMs: parsed.WEBHOOK_LEASE_MS,
    pollMs: parsed.WEBHOOK_POLL_MS,
    retentionDays: parsed.DELIVERY_RETENTION_DAYS,
  };
}
