/**
 * Request-rate windows (REFERENCE.md "REST conventions"; SPEC.md GraphQL limits):
 * 3600 requests per hour and 20 per 2 seconds, per user. Each call counts in
 * every window; the call is refused when any window is exhausted. The headers
 * report the long window, as clients budget against it; Retry-After names the
 * wait of whichever window refused.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { StoreHandle } from './rate-limit-store.js';

export interface RateWindow {
  points: number;
  durationSeconds: number;
}

export const DEFAULT_REQUEST_WINDOWS: readonly RateWindow[] = [
  { points: 3600, durationSeconds: 3600 },
  { points: 20, durationSeconds: 2 },
];

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** UTC epoch seconds when the reported window resets. */
  resetAt: number;
  /** Whole seconds to wait; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RequestRateLimiter {
  consume(key: string): Promise<RateDecision>;
}

export function createRequestRateLimiter(
  store: StoreHandle,
  options: { name: string; windows?: readonly RateWindow[] },
): RequestRateLimiter {
  const windows = options.windows ?? DEFAULT_REQUEST_WINDOWS;
  if (windows.length === 0) throw new Error('at least one rate window is required');
  const limiters: RateLimiterAbstract[] = windows.map((window, index) =>
    store.createWindow({ keyPrefix: `${options.name}:${index}`, points: window.points, durationSeconds: window.durationSeconds }),
  );

  return {
    async consume(key) {
      const results = await Promise.all(limiters.map((limiter) => limiter.consume(key).then(ok, refused)));
      const now = Date.now();
      const primary = results[0]!;
      const refusedBy = results.filter((r) => !r.allowed);
      const waitMs = Math.max(0, ...refusedBy.map((r) => r.res.msBeforeNext));
      return {
        allowed: refusedBy.length === 0,
        limit: windows[0]!.points,
        remaining: Math.max(0, primary.res.remainingPoints),
        resetAt: Math.ceil((now + primary.res.msBeforeNext) / 1000),
        retryAfterSeconds: refusedBy.length === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000)),
      };
    },
  };
}

const ok = (res: RateLimiterRes) => ({ allowed: true, res });
function refused(reason: unknown) {
  // rate-limiter-flexible rejects with a RateLimiterRes when out of points, with an Error when the store fails.
  if (reason instanceof RateLimiterRes) return { allowed: false, res: reason };
  throw reason;
}
