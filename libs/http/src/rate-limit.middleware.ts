import type { RequestHandler } from 'express';
import { tooManyRequests } from '@tessera/domain';
import type { RequestRateLimiter } from '@tessera/rate-limit';
import type { Logger } from './logger.js';
import { accessOf } from './access.middleware.js';

/**
 * Per-user request-rate windows with `X-RateLimit-*` headers on every response
 * and 429 + `Retry-After` when a window is spent. Keyed by person, or by
 * application and person for OAuth tokens (SPEC.md GraphQL limits rule 2).
 * If the counter store fails, the call is let through and the failure logged:
 * an outage of the counters must not become an outage of the API.
 */
export function rateLimit(limiter: RequestRateLimiter, logger: Logger): RequestHandler {
  return async (_req, res, next) => {
    const access = accessOf(res);
    const key = access.token.clientId ? `app:${access.token.clientId}:person:${access.person.id}` : `person:${access.person.id}`;
    let decision;
    try {
      decision = await limiter.consume(key);
    } catch (error) {
      logger.warn({ err: error }, 'rate-limit store unavailable; request let through');
      next();
      return;
    }
    res.set({
      'X-RateLimit-Limit': String(decision.limit),
      'X-RateLimit-Remaining': String(decision.remaining),
      'X-RateLimit-Reset': String(decision.resetAt),
    });
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    next();
  };
}
