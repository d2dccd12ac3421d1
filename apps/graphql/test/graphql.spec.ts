import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { createLogger, listen, type Listening } from '@tessera/http';
import { seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { createGraphqlApp } from '../src/app.js';
import { loadTls } from '../src/tls.js';

interface Reply {
  status: number;
  body: string;
}

function call(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: options.method ?? 'GET', headers: options.headers, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('GraphQL endpoint — HTTPS and identity', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let server: Listening;
  let stopApollo: () => Promise<void>;

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    const { app, stop } = await createGraphqlApp({ db: test.db, logger: createLogger({ name: 'graphql', level: 'silent' }) });
    stopApollo = stop;
    const tls = await loadTls(null);
    server = await listen(app, { port: 0, host: '127.0.0.1', tls });
  });
  afterAll(async () => {
    await server.close();
    await stopApollo();
    await test.drop();
  });

  const query = (token: string, account: string | null, text: string) =>
    call(`https://127.0.0.1:${server.port}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(account ? { 'x-service-account': account } : {}),
      },
      body: JSON.stringify({ query: text }),
    });

  it('answers `me` over HTTPS with the node ID of the person behind the token', async () => {
    const reply = await query(demo.admin.token, demo.account, '{ me { id name primaryEmail account { id } } }');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).data.me).toMatchObject({ name: 'Alice Admin', primaryEmail: demo.admin.email, account: { id: 'wdc' } });
  });

  it('rejects an unknown token with 401 and UNAUTHORIZED', async () => {
    const reply = await query('tsr_pat_not-a-token-at-all-0000000000', demo.account, '{ me { id } }');
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body).errors[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('rejects a foreign account with 403 and FORBIDDEN', async () => {
    const reply = await query(demo.admin.token, 'widget', '{ me { id } }');
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('answers plain HTTP on the same port with 400 "HTTPS is required"', async () => {
    const reply = await call(`http://127.0.0.1:${server.port}/healthz`);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ message: 'HTTPS is required' });
  });

  it('serves /healthz over HTTPS with the database check', async () => {
    const reply = await call(`https://127.0.0.1:${server.port}/healthz`);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
  });
});
