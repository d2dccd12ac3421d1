import type { Express } from 'express';
import { createLogger, type Logger, type TransportOptions } from '@tessera/http';
import type { Database } from '@tessera/persistence';
import { openRateLimitStore } from '@tessera/rate-limit';
import { createAuthApp } from '../../src/app.js';

/** The auth app on a database, for tests of its HTTP shell (no flow, so the login counters may live in memory). */
export function authAppOn(db: Database, options: { logger?: Logger; transport?: TransportOptions } = {}): Express {
  return createAuthApp({
    db,
    logger: options.logger ?? createLogger({ name: 'auth', level: 'silent' }),
    ...(options.transport ? { transport: options.transport } : {}),
    oauth: { issuer: 'http://localhost:3001', cookieKeys: ['test-cookie-key-0123456789abcdef0123456789'], loginRateLimits: { perIp: 10, perEmail: 10, windowSeconds: 60 } },
    rateLimitStore: openRateLimitStore({ kind: 'memory' }),
  });
}
