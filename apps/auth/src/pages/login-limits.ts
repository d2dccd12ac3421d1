/**
 * Failed sign-ins are limited per client address and per e-mail address
 * (issue 10 item 8; issue 18 item 13), counted in the shared rate-limit store
 * so that every replica sees the same counts:
 * - every attempt is counted before the password is checked, so attempts made
 *   in parallel cannot slip past the limit together;
 * - a successful sign-in gives its own point back to the address, and clears
 *   the e-mail's count: following the README's steps (many sign-ins from one
 *   address, 127.0.0.1 for everything local) never locks anyone out;
 * - an attempt refused for the limit stays counted, so hammering a spent
 *   window earns nothing back.
 */
import { decideRequestRate, type StoreHandle } from '@tessera/rate-limit';

export interface LoginRateLimits {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

export interface LoginAttempt {
  /** Seconds to wait, or 0 when this attempt may go ahead. */
  retryAfterSeconds: number;
  /** The password was right: the attempt is no failure. */
  succeeded(): Promise<void>;
}

export interface LoginLimiter {
  attempt(ip: string, email: string): Promise<LoginAttempt>;
}

export function createLoginLimiter(store: StoreHandle, limits: LoginRateLimits): LoginLimiter {
  const windows = [{ points: limits.perIp, durationSeconds: limits.windowSeconds }, { points: limits.perEmail, durationSeconds: limits.windowSeconds }];
  const { counter } = store;
  // Keys as the request-rate limiter names them (`<name>:<window>:<caller>`).
  const keysOf = (ip: string, email: string) => [`login-ip:0:${ip}`, `login-email:0:${email.trim().toLowerCase()}`] as const;

  /** Takes `amount` off a window, never below zero (two successes at once may both clear it). */
  async function giveBack(key: string, amount: number): Promise<void> {
    if (amount <= 0) return;
    const [after] = await counter.hit([{ key, durationSeconds: limits.windowSeconds, increment: -amount }]);
    if (after && after.count < 0) await counter.hit([{ key, durationSeconds: limits.windowSeconds, increment: -after.count }]);
  }

  return {
    async attempt(ip, email) {
      const [ipKey, emailKey] = keysOf(ip, email);
      const counts = await counter.hit([{ key: ipKey, durationSeconds: limits.windowSeconds }, { key: emailKey, durationSeconds: limits.windowSeconds }]);
      const { retryAfterSeconds } = decideRequestRate(windows, counts, Date.now());
      const emailCount = counts[1]!.count;
      return {
        retryAfterSeconds,
        async succeeded() {
          await Promise.all([giveBack(ipKey, 1), giveBack(emailKey, emailCount)]);
        },
      };
    },
  };
}
