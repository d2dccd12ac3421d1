import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import got from 'got';
import { createLogger } from '@tessera/http';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { createWorkerHealthApp } from '../src/app.js';

// The job runner's own health is postgres-restart.spec.ts's; here it always runs.
const idleRunner = { check: async () => undefined };

describe('webhook worker', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('answers /healthz and /metrics', async () => {
    const app = createWorkerHealthApp({ db: test.db, runner: idleRunner, logger: createLogger({ name: 'webhook-worker', level: 'silent' }) });
    expect((await request(app).get('/healthz').expect(200)).body.status).toBe('ok');
    expect((await request(app).get('/metrics').expect(200)).text).toContain('process_cpu_user_seconds_total{app="webhook-worker"}');
  });

  it('sends the security headers and no CORS headers, and needs the METRICS_TOKEN it was given on /metrics', async () => {
    const app = createWorkerHealthApp({ db: test.db, runner: idleRunner, logger: createLogger({ name: 'webhook-worker', level: 'silent' }), transport: { metricsToken: 'worker-metrics-0123456789' } });
    const health = await request(app).get('/healthz').set('Origin', 'https://app.example').expect(200);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
    await request(app).get('/metrics').expect(401);
    await request(app).get('/metrics').set('Authorization', 'Bearer worker-metrics-0123456789').expect(200);
  });

  // got is ESM-only and is the worker's HTTP client for deliveries: this proves Jest loads it.
  it('posts JSON with got to a receiver', async () => {
    let received: unknown;
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received = JSON.parse(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const response = await got.post(`http://127.0.0.1:${port}/hook`, { json: { object_id: 12345 }, retry: { limit: 0 } });
    await new Promise((resolve) => receiver.close(resolve));
    expect(response.statusCode).toBe(204);
    expect(received).toEqual({ object_id: 12345 });
  });
});
