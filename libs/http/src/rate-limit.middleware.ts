import type { Request, RequestHandler, Response } from 'express';
import { tooManyRequests, unavailable, type DomainError } from '@tessera/domain';
import type { RequestRateLimiter } from '@tessera/rate-limit';
import type { Logger } from './logger.js';
import { accessOf } from './access.middleware.js';
import type { OutageWatch, WatchedDependency } from './outage-watch.js';

/** RATE_LIMIT_STORE_DOWN: when the counters cannot be reached, let calls through uncounted, or answer 503. */
export type StoreDownMode = 'allow' | 'deny';

export interface StoreDownPolicy {
  mode: StoreDownMode;
  /** Logs the store's outage once each way and shows it in /metrics (its dependency: `rateLimitStoreDependency`). */
  outages?: OutageWatch;
}

export const RATE_LIMIT_STORE = 'rate-limit store';
const RETRY_AFTER_SECONDS = 5;

/**
 * What a call whose counters could not be reached gets: the database's outage 503 when the store
 * is the database and it is down; else the outage is reported (logged once each way) and `deny`
 * refuses the call with 503, `allow` lets it through (null). REST and GraphQL quotas both use it.
 */
export function storeDownAnswer(error: unknown, storeDown: StoreDownPolicy, logger: Logger): DomainError | null {
  const outage = storeDown.outages?.answer(error);
  if (outage) return outage;
  if (storeDown.outages) storeDown.outages.report(RATE_LIMIT_STORE, error, storeDown.mode === 'deny');
  else logger.warn({ err: error, storeDown: storeDown.mode }, 'rate-limit store unavailable');
  return storeDown.mode === 'deny' ? unavailable('The rate-limit store is unreachable; try again later', RETRY_AFTER_SECONDS) : null;
}

/** The counters' store as the outage watch sees it: only reported (never matched), probed by counting a key of its own. */
export function rateLimitStoreDependency(countProbe: () => Promise<unknown>): WatchedDependency {
  return { name: RATE_LIMIT_STORE, isOutage: () => false, probe: async () => void (await countProbe()) };
}

/**
 * Per-user request-rate windows with `X-RateLimit-*` headers on every response
 * and 429 + `Retry-After` when a window is spent. Keyed by person, or by
 * application and person for OAuth tokens (SPEC.md GraphQL limits rule 2).
 * When the counter store fails, `storeDown` decides (docs/decisions/027):
 * `allow` lets the call through uncounted, `deny` answers 503; either way the
 * outage is logged once each way. A store that is the database, down with it,
 * is that outage's 503.
 */
export function rateLimit(limiter: RequestRateLimiter, logger: Logger, storeDown: StoreDownPolicy = { mode: 'allow' }): RequestHandler {
  return countedBy(limiter, logger, storeDown, (_req, res) => {
    const access = accessOf(res);
    return access.token.clientId ? `app:${access.token.clientId}:person:${access.person.id}` : `person:${access.person.id}`;
  });
}

/**
 * The same windows for a public route that reads or writes the database (a
 * link clicked in an e-mail): nobody is signed in, so the caller is its
 * address, as `trust proxy` reads it (TRUST_PROXY). Keys never meet a person's.
 */
export function rateLimitByAddress(limiter: RequestRateLimiter, logger: Logger, storeDown: StoreDownPolicy = { mode: 'allow' }): RequestHandler {
  return countedBy(limiter, logger, storeDown, (req) => `address:${req.ip ?? 'unknown'}`);
}

function countedBy(limiter: RequestRateLimiter, logger: Logger, storeDown: StoreDownPolicy, keyOf: (req: Request, res: Response) => string): RequestHandler {
  return async (req, res, next) => {
    const key = keyOf(req, res);
    let decision;
    try {
      decision = await limiter.consume(key);
    } catch (error) {
      const refused = storeDownAnswer(error, storeDown, logger);
      if (refused) throw refused;
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
