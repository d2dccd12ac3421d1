/**
 * Issue 20 item 1 on the auth app: while PostgreSQL is stopped, the token
 * endpoint answers OAuth's `503 temporarily_unavailable` with Retry-After (the
 * first call from inside oidc-provider, the rest at once), the outage is logged
 * once each way and never as a server error per call, and tokens are exchanged
 * again within 10 s of PostgreSQL's return.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createDatabase, createPostgresWindowCounter, type Database } from '@tessera/persistence';
import { startStoppablePostgres, type StoppablePostgres } from '@tessera/persistence/testing';
import { openRateLimitStore, type StoreHandle } from '@tessera/rate-limit';
import { createAuthApp } from '../src/app.js';
import { NO_LOGIN_LIMITS } from './support/auth-harness.js';

describe('PostgreSQL stopped and started under the auth app', () => {
  let pg: StoppablePostgres;
  let db: Database;
  let store: StoreHandle;
  let server: Server;
  let issuer: string;
  const lines: string[] = [];
  const logged = (message: string) => lines.filter((line) => line.includes(`"msg":"${message}"`)).length;

  beforeAll(async () => {
    pg = await startStoppablePostgres();
    db = createDatabase({ url: pg.url, poolMax: 4 });
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
    store = openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(db) });
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = createAuthApp({ db, logger, oauth: { issuer, cookieKeys: ['test-cookie-key-0123456789abcdef0123456789'], loginRateLimits: NO_LOGIN_LIMITS }, rateLimitStore: store });
    server.on('request', app);
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await store?.close();
    await db?.destroy();
    await pg?.close();
  });

  // A code that was never issued: with the database up the answer is 400 invalid_grant.
  const exchange = () =>
    fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code', code: 'never-issued', redirect_uri: pg.demo.oauth_client.redirect_uri,
        client_id: pg.demo.oauth_client.client_id, client_secret: pg.demo.oauth_client.client_secret,
      }),
    });

  it('answers 503 temporarily_unavailable with Retry-After during the outage and serves again within 10 s of the return', async () => {
    expect((await exchange()).status).toBe(400);
    await pg.stop();

    for (let i = 0; i < 6; i++) {
      const answer = await exchange();
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json()).toMatchObject({ error: 'temporarily_unavailable' });
    }

    await pg.start();
    const back = Date.now();
    let status = 0;
    while (status !== 400 && Date.now() - back < 10_000) {
      status = (await exchange()).status;
      if (status !== 400) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(400);
    expect(Date.now() - back).toBeLessThan(10_000);
    expect(logged('database unreachable: answering 503 until it is back')).toBe(1);
    expect(logged('database reachable again')).toBe(1);
    expect(logged('oauth server error')).toBe(0);
    expect(logged('unhandled error')).toBe(0);
  }, 60_000);
});
