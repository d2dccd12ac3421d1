import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ACCEPTED = /^[A-Za-z0-9._-]{8,128}$/;

/** Keeps a well-formed incoming `X-Request-Id` (a proxy's), else makes a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && ACCEPTED.test(incoming) ? incoming : randomUUID();
}
