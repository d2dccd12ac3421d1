/**
 * CORS for the bearer-token APIs (docs/decisions/006-transport-security.md):
 * they use no cookies, so a browser page on any origin may call them with a
 * token it holds — `Access-Control-Allow-Origin: *`, never credentials. A
 * preflight `OPTIONS` is answered here with 204, before any route, so it needs
 * no token. Apps created without a policy send no CORS headers at all.
 */
import type { RequestHandler } from 'express';

export interface CorsPolicy {
  allowMethods: string[];
  /** Request headers a page may send (besides the CORS-safelisted ones). */
  allowHeaders: string[];
  /** Response headers a page may read (besides the CORS-safelisted ones). */
  exposeHeaders: string[];
}

/** How long a browser may cache a preflight answer (Chromium caps this at 2 h). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

export function corsHeaders(policy: CorsPolicy): RequestHandler {
  const methods = policy.allowMethods.join(', ');
  const allowHeaders = policy.allowHeaders.join(', ');
  const exposeHeaders = policy.exposeHeaders.join(', ');
  return (req, res, next) => {
    // The same answer for every origin, so no `Vary: Origin` is needed for caches.
    res.set('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.set({
        'Access-Control-Allow-Methods': methods,
        'Access-Control-Allow-Headers': allowHeaders,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
        Allow: `${methods}, OPTIONS`,
      });
      res.status(204).end();
      return;
    }
    if (exposeHeaders) res.set('Access-Control-Expose-Headers', exposeHeaders);
    next();
  };
}
