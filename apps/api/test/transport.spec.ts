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
});
