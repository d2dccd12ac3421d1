import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@tessera/http';
import { createPostgresWindowCounter, seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { openRateLimitStore } from '@tessera/rate-limit';
import { createAuthApp } from '../../src/app.js';
import type { LoginRateLimits } from '../../src/pages/login-limits.js';

export interface AuthHarness {
  test: TestDatabase;
  demo: DemoSeedResult;
  /** The issuer, http://localhost:<port>. */
  issuer: string;
  /** An authorization request URL of the demo client (or overrides), scope omitted unless given. */
  authorizeUrl(params?: Record<string, string>): string;
  /** POST /token with a form body (client_secret_post by default). */
  token(form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The e-mail and password a person signs in with, from the demo seed. */
export function loginOf(person: { email: string; password: string }): { email: string; password: string } {
  return { email: person.email, password: person.password };
}

export const NO_LOGIN_LIMITS: LoginRateLimits = { perIp: 1_000_000, perEmail: 1_000_000, windowSeconds: 60 };

export async function startAuthHarness(options: { loginRateLimits?: LoginRateLimits } = {}): Promise<AuthHarness> {
  const test = await createTestDatabase();
  const demo = await seedDemoData(test.db);
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const rateLimitStore = openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(test.db) });
  const app = createAuthApp({
    db: test.db,
    logger: createLogger({ name: 'auth', level: 'silent' }),
    oauth: { issuer, cookieKeys: ['test-cookie-key-0123456789abcdef0123456789'], loginRateLimits: options.loginRateLimits ?? NO_LOGIN_LIMITS },
    rateLimitStore,
  });
  server.on('request', app);
  const client = demo.oauth_client;
  return {
    test,
    demo,
    issuer,
    authorizeUrl(params = {}) {
      const query = new URLSearchParams({ client_id: client.client_id, response_type: 'code', redirect_uri: client.redirect_uri, state: 'st-123', ...params });
      return `${issuer}/authorize?${query}`;
    },
    async token(form) {
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ client_id: client.client_id, client_secret: client.client_secret, ...form }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rateLimitStore.close();
      await test.drop();
    },
  };
}
