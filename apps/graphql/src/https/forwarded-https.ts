/**
 * Behind a TLS-terminating proxy (GRAPHQL_TLS=proxy with TRUST_PROXY), the app listens on plain
 * HTTP and the proxy says how the client connected: a request whose trusted `X-Forwarded-Proto`
 * is not `https` is refused with 403 and a JSON body (SPEC.md: non-HTTPS GraphQL requests are
 * rejected). 403 rather than 400: the request is well formed, it came over the wrong channel.
 * `req.protocol` believes the header only from a proxy TRUST_PROXY names; from anyone else it
 * is `http`, so a client reaching the port directly is refused too.
 */
import type { RequestHandler } from 'express';

export const HTTPS_REQUIRED_BODY = { message: 'HTTPS is required: this endpoint serves only requests its proxy received over HTTPS' };

export function requireForwardedHttps(): RequestHandler {
  return (req, res, next) => {
    if (req.protocol === 'https') {
      next();
      return;
    }
    res.status(403).json(HTTPS_REQUIRED_BODY);
  };
}
