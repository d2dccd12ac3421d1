import request from 'supertest';
import { createDatabase } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { authAppOn } from './support/auth-app-on.js';

describe('auth app', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('answers /healthz with the database check', async () => {
    const app = authAppOn(test.db);
    const res = await request(app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok', service: 'auth', checks: { database: 'ok' } });
  });

  it('reports 503 when the database is unreachable', async () => {
    const unreachable = createDatabase({ url: 'postgres://nobody:nothing@127.0.0.1:1/none', poolMax: 1, quiet: true });
    const app = authAppOn(unreachable);
    const res = await request(app).get('/healthz').expect(503);
    expect(res.body.checks).toEqual({ database: 'failing' });
    await unreachable.destroy();
  });

  it('sends the security headers and no CORS headers', async () => {
    const app = authAppOn(test.db);
    const res = await request(app).get('/healthz').set('Origin', 'https://app.example').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('needs the METRICS_TOKEN it was given on /metrics', async () => {
    const app = authAppOn(test.db, { transport: { metricsToken: 'auth-metrics-0123456789' } });
    await request(app).get('/metrics').expect(401);
    await request(app).get('/metrics').set('Authorization', 'Bearer auth-metrics-0123456789').expect(200);
  });

  it('serves RFC 8414 metadata with the endpoints of SPEC.md, and advertises no OpenID Connect', async () => {
    const app = authAppOn(test.db);
    const get = (path: string) => request(app).get(path).set('Host', 'localhost:3001');
    const metadata = (await get('/.well-known/oauth-authorization-server').expect(200)).body;
    expect(metadata).toMatchObject({
      issuer: 'http://localhost:3001',
      authorization_endpoint: 'http://localhost:3001/authorize',
      token_endpoint: 'http://localhost:3001/token',
      revocation_endpoint: 'http://localhost:3001/revoke',
      introspection_endpoint: 'http://localhost:3001/introspect',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['request:Read', 'me:Read', '*:*']));
    // The server issues no ID tokens and has no userinfo: nothing may promise them.
    expect(metadata.scopes_supported).not.toContain('openid');
    expect(metadata.scopes_supported).not.toContain('offline_access');
    const openIdOnly = ['userinfo_endpoint', 'id_token_signing_alg_values_supported', 'subject_types_supported', 'claims_supported', 'claims_parameter_supported', 'claim_types_supported', 'end_session_endpoint', 'request_parameter_supported', 'request_uri_parameter_supported', 'require_request_uri_registration', 'acr_values_supported'];
    expect(Object.keys(metadata).filter((key) => openIdOnly.includes(key) || key.startsWith('id_token_') || key.startsWith('userinfo_'))).toEqual([]);
    expect(metadata.pushed_authorization_request_endpoint).toBeUndefined();
    await get('/.well-known/openid-configuration').expect(404);
  });
});
