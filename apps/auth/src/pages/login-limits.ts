/**
 * Login attempts are limited per client address and per e-mail address
 * (issue 10 item 8), counted in the shared rate-limit
 * store so that every replica sees the same counts. Every attempt counts,
 * successful or not: a guesser cannot reset its count with its own account.
 */
import { createRequestRateLimiter, type StoreHandle } from '@tessera/rate-limit';

export interface LoginRateLimits {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

export interface LoginLimiter {
  /** Seconds to wait, or 0 when this attempt may go ahead. */
  attempt(ip: string, email: string): Promise<number>;
}

export function createLoginLimiter(store: StoreHandle, limits: LoginRateLimits): LoginLimiter {
  const byIp = createRequestRateLimiter(store, { name: 'login-ip', windows: [{ points: limits.perIp, durationSeconds: limits.windowSeconds }] });
  const byEmail = createRequestRateLimiter(store, { name: 'login-email', windows: [{ points: limits.perEmail, durationSeconds: limits.windowSeconds }] });
  return {
    async attempt(ip, email) {
      const [ipDecision, emailDecision] = await Promise.all([byIp.consume(ip), byEmail.consume(email.trim().toLowerCase())]);
      return Math.max(ipDecision.retryAfterSeconds, emailDecision.retryAfterSeconds);
    },
  };
}
