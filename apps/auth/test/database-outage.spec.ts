/**
 * Issue 20 item 1 and issue 30 item 12 on the auth app: while PostgreSQL is
 * stopped, refusing connections or out of connection slots (or the configured
 * database does not exist), /token, /authorize, /introspect and /revoke answer
 * `503` with Retry-After (OAuth's `temporarily_unavailable` on the JSON
 * endpoints; the first call from inside oidc-provider, the rest at once), the
 * outage is logged once each way and never as a server error per call, and
 * each endpoint answers as before within 10 s of the return.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createDatabase, createPostgresWindowCounter, type Database } from '@tessera/persistence';
import { DATABASE_OUTAGES, startStoppablePostgres, type DatabaseFault, type StoppablePostgres } from '@tessera/persistence/testing';
import { alternatesDownUp, outageLog } from '@tessera/http/testing';
import { openRateLimitStore, type StoreHandle } from '@tessera/rate-limit';
import { createAuthApp } from '../src/app.js';
import { NO_LOGIN_LIMITS } from './support/auth-harness.js';

describe('PostgreSQL taken away from under the auth app and given back', () => {
  let pg: StoppablePostgres;
  let db: Database;
  let store: StoreHandle;
  let server: Server;
  let issuer: string;
  const lines: string[] = [];

  beforeAll(async () => {
    pg = await startStoppablePostgres({ maxConnections: 40 });
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

  const client = () => pg.demo.oauth_client;
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: client().client_id, client_secret: client().client_secret, ...fields }),
  });
  // With the database up: a code that was never issued is 400 invalid_grant; an unknown token is
  // inactive (200) or revoked (200); the authorization request asks for a sign-in (303).
  const ENDPOINTS = {
    '/token': () => fetch(`${issuer}/token`, form({ grant_type: 'authorization_code', code: 'never-issued', redirect_uri: client().redirect_uri })),
    '/introspect': () => fetch(`${issuer}/introspect`, form({ token: 'never-issued' })),
    '/revoke': () => fetch(`${issuer}/revoke`, form({ token: 'never-issued' })),
    '/authorize': () =>
      fetch(`${issuer}/authorize?${new URLSearchParams({ client_id: client().client_id, response_type: 'code', redirect_uri: client().redirect_uri, scope: 'openid', state: 'xyz' })}`, { redirect: 'manual' }),
  } as const;
  const exchange = ENDPOINTS['/token'];

  const outage = async (fault: DatabaseFault, expectedLog: string) => {
    const up = await Promise.all(Object.values(ENDPOINTS).map(async (endpoint) => (await endpoint()).status));
    expect(up.every((status) => status < 500)).toBe(true);
    const from = lines.length;
    const giveBack = await pg.fault(fault);

    for (let i = 0; i < 3; i++) {
      for (const [path, endpoint] of Object.entries(ENDPOINTS)) {
        const answer = await endpoint();
        const seen = { path, status: answer.status, retryAfter: answer.headers.get('retry-after'), cacheControl: answer.headers.get('cache-control') };
        expect(seen).toEqual({ path, status: 503, retryAfter: '5', cacheControl: 'no-store' });
        if (path !== '/authorize') expect(await answer.json()).toMatchObject({ error: 'temporarily_unavailable' });
      }
    }

    await giveBack();
    const back = Date.now();
    let status = 0;
    while (status !== 400 && Date.now() - back < 10_000) {
      status = (await exchange()).status;
      if (status !== 400) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(400);
    expect(Date.now() - back).toBeLessThan(10_000);
    expect(await Promise.all(Object.values(ENDPOINTS).map(async (endpoint) => (await endpoint()).status))).toEqual(up);
    const since = lines.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string });
    // One error line, the outage's: never an oauth server error or an unhandled error per call.
    expect(since.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([expectedLog]);
    expect(since.filter((line) => line.msg === 'database reachable again')).toHaveLength(1);
  };

  it.each(DATABASE_OUTAGES)('answers /token, /authorize, /introspect and /revoke 503 temporarily_unavailable with Retry-After while it is %s, and serves again within 10 s of the return', async (fault) => {
    await outage(fault, 'database unreachable: answering 503 until it is back');
  }, 60_000);

  it.each(DATABASE_OUTAGES)('under load, answers /token and /introspect as before or 503 with Retry-After while it is %s, and recovers by itself', async (fault) => {
    const normal = { '/token': 400, '/introspect': 200 } as const;
    const from = lines.length;
    const answers: Array<{ path: string; status: number; retryAfter: string | null; at: number }> = [];
    let running = true;
    const client = async (path: keyof typeof normal) => {
      while (running) {
        const answer = await ENDPOINTS[path]();
        await answer.arrayBuffer();
        answers.push({ path, status: answer.status, retryAfter: answer.headers.get('retry-after'), at: Date.now() });
        if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const clients = [...Array.from({ length: 3 }, () => client('/token')), ...Array.from({ length: 3 }, () => client('/introspect'))];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const giveBack = await pg.fault(fault);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await giveBack();
    const back = Date.now();
    const recovered = () => (['/token', '/introspect'] as const).every((path) => answers.some((a) => a.path === path && a.at > back && a.status === normal[path]));
    while (!recovered() && Date.now() - back < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
    running = false;
    await Promise.all(clients);

    const wrong = answers.filter((a) => !(a.status === normal[a.path as keyof typeof normal] || (a.status === 503 && a.retryAfter === '5')));
    expect(wrong).toEqual([]);
    expect(answers.some((a) => a.status === 503)).toBe(true);
    expect(recovered()).toBe(true);
    const since = lines.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string });
    // Once per change of state, never per call: a server out of connection slots may let a probe through
    // and refuse the next connect, so the outage may end and begin again, each change one line.
    const log = outageLog(since, 'database unreachable: answering 503 until it is back');
    expect(log.otherErrors).toEqual([]);
    expect({ changes: log.changes, alternates: alternatesDownUp(log.changes) }).toEqual({ changes: log.changes, alternates: true });
  }, 60_000);

  it('answers them 503 while the configured database does not exist, and logs that once as a fault of configuration', async () => {
    await outage('misconfigured', 'database refuses the configured connection: answering 503 until it is fixed');
  }, 60_000);
});
