import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

/** What every REST call sees of the transport: authentication headers, security headers, CORS. */
describe('api transport', () => {
  let h: ApiHarness;

  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  const me = (authorization: string) => request(h.app).get('/v1/me').set('Authorization', authorization).set('X-Service-Account', h.demo.account);

  describe('Authorization scheme (RFC 7235: case-insensitive)', () => {
    it.each([
      ['bearer', 'bearer '],
      ['BEARER', 'BEARER '],
      ['Bearer followed by two spaces', 'Bearer  '],
    ])('answers 200 to GET /v1/me with the scheme written %s', async (_case, prefix) => {
      const res = await me(`${prefix}${h.demo.admin.token}`).expect(200);
      expect(res.body.primary_email).toBe(h.demo.admin.email);
    });

    it('still answers 401 to another scheme such as Basic', async () => {
      const res = await me(`Basic ${h.demo.admin.token}`).expect(401);
      expect(res.body.message).toBe('Unauthorized');
    });
  });

  describe('security headers and caching', () => {
    it.each([
      ['200', () => me(`Bearer ${h.demo.admin.token}`), 200],
      ['401', () => me('Bearer nope'), 401],
      ['403', () => request(h.app).get('/v1/me').set('Authorization', `Bearer ${h.demo.admin.token}`), 403],
    ])('marks the %s answer of an authenticated route no-store and inert in a browser', async (_status, call, status) => {
      const res = await call().expect(status);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('CORS (bearer tokens, no cookies: any origin, no credentials)', () => {
    it('answers a preflight for GET /v1/me with 204 and no token, allowing the API headers', async () => {
      const res = await request(h.app)
        .options('/v1/me')
        .set('Origin', 'https://dashboard.example')
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization, x-service-account')
        .expect(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const allowed = res.headers['access-control-allow-headers']!.toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-service-account']));
      expect(res.headers['access-control-allow-methods']).toContain('POST');
    });

    it('lets a page read the pagination, rate-limit and request-id headers of an answer', async () => {
      const res = await me(`Bearer ${h.demo.admin.token}`).set('Origin', 'https://dashboard.example').expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const exposed = res.headers['access-control-expose-headers']!.split(/,\s*/);
      expect(exposed).toEqual(
        expect.arrayContaining(['Link', 'X-Pagination-Total-Entries', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'X-Request-Id']),
      );
    });
  });

  describe('GET /metrics', () => {
    it('answers a loopback caller without a token (no METRICS_TOKEN in the harness)', async () => {
      await request(h.app).get('/metrics').expect(200);
    });
  });
});
