/**
 * Who may read `/metrics` (docs/decisions/006-transport-security.md). Process and
 * route metrics tell an outsider a lot, so the endpoint is not public:
 * - with a METRICS_TOKEN, the scraper sends `Authorization: Bearer <token>`;
 * - without one, only a peer on the loopback interface (a sidecar, `curl` on the
 *   host) is answered. The socket's address is used, never X-Forwarded-For,
 *   which any client can write.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '@tessera/domain';

const BEARER = /^Bearer +(\S+)$/i;

// Digests have equal length whatever was sent, so the comparison takes the same time for every guess.
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./i.test(address);
}

export function metricsAccess(metricsToken: string | undefined): RequestHandler {
  const expected = metricsToken ? digest(metricsToken) : null;
  return (req, _res, next) => {
    if (expected) {
      const sent = BEARER.exec(req.get('authorization')?.trim() ?? '')?.[1];
      if (!sent || !timingSafeEqual(digest(sent), expected)) throw unauthorized('GET /metrics needs the METRICS_TOKEN as a bearer token');
    } else if (!isLoopbackAddress(req.socket.remoteAddress)) {
      throw forbidden('GET /metrics answers only loopback peers when no METRICS_TOKEN is set');
    }
    next();
  };
}
