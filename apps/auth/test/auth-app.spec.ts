import request from 'supertest';
import Provider from 'oidc-provider';
import { createLogger } from '@tessera/http';
import { createDatabase } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { createAuthApp } from '../src/app.js';

describe('auth app', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('answers /healthz with the database check', async () => {
    const app = createAuthApp({ db: test.db, logger: createLogger({ name: 'auth', level: 'silent' }) });
    const res = await request(app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok', service: 'auth', checks: { database: 'ok' } });
  });

  it('reports 503 when the database is unreachable', async () => {
    const unreachable = createDatabase({ url: 'postgres://nobody:nothing@127.0.0.1:1/none', poolMax: 1, quiet: true });
    const app = createAuthApp({ db: unreachable, logger: createLogger({ name: 'auth', level: 'silent' }) });
    const res = await request(app).get('/healthz').expect(503);
    expect(res.body.checks).toEqual({ database: 'failing' });
    await unreachable.destroy();
  });

  it('sends the security headers and no CORS headers (oidc-provider will answer CORS for its own endpoints)', async () => {
    const app = createAuthApp({ db: test.db, logger: createLogger({ name: 'auth', level: 'silent' }) });
    const res = await request(app).get('/healthz').set('Origin', 'https://app.example').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('needs the METRICS_TOKEN it was given on /metrics', async () => {
    const app = createAuthApp({ db: test.db, logger: createLogger({ name: 'auth', level: 'silent' }), transport: { metricsToken: 'auth-metrics-0123456789' } });
    await request(app).get('/metrics').expect(401);
    await request(app).get('/metrics').set('Authorization', 'Bearer auth-metrics-0123456789').expect(200);
  });

  // oidc-provider 9 is ESM-only: this proves Jest (native ESM mode) loads it.
  it('loads oidc-provider and serves its discovery document', async () => {
    const provider = new Provider('http://localhost:3001', { clients: [] });
    const res = await request(provider.callback()).get('/.well-known/openid-configuration').expect(200);
    expect(res.body.issuer).toBe('http://localhost:3001');
    expect(res.body.grant_types_supported).toContain('authorization_code');
  });
});
