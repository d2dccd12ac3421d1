import type { Request, RequestHandler, Response } from 'express';
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
  return countedBy(limiter, logger, (_req, res) => {
    const access = accessOf(res);
    return access.token.clientId ? `app:${access.token.clientId}:person:${access.person.id}` : `person:${access.person.id}`;
  });
}

/**
 * The same windows for a public route that reads or writes the database (a
 * link clicked in an e-mail): nobody is signed in, so the caller is its
 * address, as `trust proxy` reads it (TRUST_PROXY). Keys never meet a person's.
 */
export function rateLimitByAddress(limiter: RequestRateLimiter, logger: Logger): RequestHandler {
  return countedBy(limiter, logger, (req) => `address:${req.ip ?? 'unknown'}`);
}

function countedBy(limiter: RequestRateLimiter, logger: Logger, keyOf: (req: Request, res: Response) => string): RequestHandler {
  return async (req, res, next) => {
    const key = keyOf(req, res);
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
