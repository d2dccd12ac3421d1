import request from 'supertest';
import { createLogger } from '@tessera/http';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from '../src/app.js';
import { DEFAULT_API_LIMITS, loadApiConfig } from '../src/config.js';
import { API_URL, clearRequests, startApiHarness, type ApiHarness } from './support/api-harness.js';

const DATABASE_URL = 'postgres://u:p@localhost:5432/db';

describe('api limits — page sizes and body size from the configuration', () => {
  it('defaults to REFERENCE.md page sizes (20, at most 100), 1 MiB bodies and 10 MB attachments', () => {
    expect(loadApiConfig({ DATABASE_URL }).limits).toEqual({ pageSize: { default: 20, max: 100 }, bodyLimitBytes: 1_048_576, attachmentMaxBytes: 10_485_760 });
    expect(DEFAULT_API_LIMITS).toEqual(loadApiConfig({ DATABASE_URL }).limits);
  });

  it('takes PER_PAGE_DEFAULT, PER_PAGE_MAX, BODY_LIMIT_BYTES and ATTACHMENT_MAX_BYTES, and refuses a default above the maximum', () => {
    expect(loadApiConfig({ DATABASE_URL, PER_PAGE_DEFAULT: '5', PER_PAGE_MAX: '50', BODY_LIMIT_BYTES: '2048', ATTACHMENT_MAX_BYTES: '4096' }).limits).toEqual({
      pageSize: { default: 5, max: 50 },
      bodyLimitBytes: 2048,
      attachmentMaxBytes: 4096,
    });
    expect(() => loadApiConfig({ DATABASE_URL, PER_PAGE_DEFAULT: '60', PER_PAGE_MAX: '50' })).toThrow('PER_PAGE_DEFAULT: must not be greater than PER_PAGE_MAX');
  });

  describe('an api configured with other limits', () => {
    let h: ApiHarness;
    let call: (method: 'get' | 'post', path: string) => request.Test;

    beforeAll(async () => {
      h = await startApiHarness();
      const limits = loadApiConfig({ DATABASE_URL, PER_PAGE_DEFAULT: '2', PER_PAGE_MAX: '3', BODY_LIMIT_BYTES: '2048' }).limits;
      const rateLimiter = createRequestRateLimiter(openRateLimitStore({ kind: 'memory' }), { name: 'rest', windows: [{ points: 1000, durationSeconds: 60 }] });
      const app = createApiApp({ db: h.test.db, logger: createLogger({ name: 'api', level: 'silent' }), rateLimiter, apiUrl: API_URL, limits });
      call = (method, path) => request(app)[method](path).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account);
      for (const subject of ['one', 'two', 'three']) await call('post', '/v1/events').query({ subject }).expect(201);
    });
    afterAll(async () => {
      await clearRequests(h);
      await h.drop();
    });

    it('pages collections by the configured default and refuses a page size above the configured maximum', async () => {
      const page = await call('get', '/v1/requests').expect(200);
      expect(page.headers['x-pagination-per-page']).toBe('2');
      expect(page.body).toHaveLength(2);
      const res = await call('get', '/v1/requests?per_page=4').expect(400);
      expect(res.body).toEqual({ message: "Parameter 'per_page' cannot be greater than 3" });
    });

    it('documents the configured page sizes', async () => {
      const document = (await call('get', '/v1/openapi.json').expect(200)).body;
      const perPage = document.paths['/v1/requests'].get.parameters.find((p: { name?: string }) => p.name === 'per_page');
      expect(perPage.schema).toEqual({ type: 'integer', minimum: 1, maximum: 3, default: 2 });
    });

    it('answers a body over the configured size with 413', async () => {
      const res = await call('post', '/v1/events').send({ subject: 'big', note: 'x'.repeat(3000) }).expect(413);
      expect(res.body.message).toBe('Payload Too Large');
    });
  });
});
