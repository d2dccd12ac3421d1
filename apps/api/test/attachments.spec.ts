import request from 'supertest';
import { createLogger } from '@tessera/http';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from '../src/app.js';
import { DEFAULT_API_LIMITS } from '../src/config.js';
import { API_URL, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { adminId, auditLines, call } from './support/integration-calls.js';

/** SPEC.md "Webhook" `description_attachments` / `attachments`, and where they live: POST and GET /v1/attachments. */
describe('/v1/attachments — files a webhook description uses', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  const upload = (data: Buffer, filename = 'diagram.png', contentType = 'image/png', token?: string) =>
    call(h, 'post', '/v1/attachments', token).attach('file', data, { filename, contentType });
  const attachmentCount = async () => Number((await h.test.db('attachments').count({ n: '*' }).first())?.['n']);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 0, 255]);

  describe('POST /v1/attachments', () => {
    it('returns 201 with the key, name, type, size and uri, and audits the upload without its bytes', async () => {
      const res = await upload(png).expect(201);
      expect(res.body).toEqual({ key: expect.stringMatching(/^att_[A-Za-z0-9_-]{32}$/), filename: 'diagram.png', content_type: 'image/png', size: png.length, uri: `${API_URL}/attachments/${res.body.key}` });
      const [row] = await h.test.db('attachments').where({ key: res.body.key }).select('id', 'account_id', 'data');
      expect(row).toMatchObject({ account_id: 'wdc', data: png });
      expect(await auditLines(h, 'Attachment', row.id)).toEqual([{
        record_type: 'Attachment', record_id: row.id, person_id: await adminId(h), action: 'create',
        changes: { key: res.body.key, filename: 'diagram.png', content_type: 'image/png', size: png.length },
      }]);
    });

    it('keeps only the last segment of a path-like name, UTF-8 names as they are, and the type without its parameters', async () => {
      expect((await upload(png, '../../etc/passwd').expect(201)).body.filename).toBe('passwd');
      expect((await upload(png, 'C:\\Users\\me\\Überblick – Q3.pdf', 'application/pdf').expect(201)).body).toMatchObject({ filename: 'Überblick – Q3.pdf', content_type: 'application/pdf' });
      expect((await upload(png, 'page.html', 'Text/HTML; charset=utf-8').expect(201)).body.content_type).toBe('text/html');
    });

    it('returns 422 for an empty file, no file part, two files, or a part of another name, and stores nothing', async () => {
      const before = await attachmentCount();
      expect((await upload(Buffer.alloc(0)).expect(422)).body).toEqual({ message: 'Validation Failed', errors: [['file', "File can't be empty"]] });
      expect((await call(h, 'post', '/v1/attachments').field('file', 'just text').expect(422)).body.errors).toEqual([['file', expect.stringContaining("can't be blank")]]);
      const two = call(h, 'post', '/v1/attachments').attach('file', png, 'a.png').attach('file', png, 'b.png');
      expect((await two.expect(422)).body.errors).toEqual([['file', 'Send one file per upload']]);
      expect((await call(h, 'post', '/v1/attachments').attach('upload', png, 'a.png').expect(422)).body.errors).toEqual([
        ['upload', "Only a part named 'file' is read"], ['file', expect.stringContaining("can't be blank")],
      ]);
      expect(await attachmentCount()).toBe(before);
    });

    it('lists every problem of an upload in one 422: other parts, text fields among them, with an empty file', async () => {
      const res = await call(h, 'post', '/v1/attachments').field('colour', 'red').attach('extra', png, 'b.png').attach('file', Buffer.alloc(0), 'a.png').expect(422);
      expect(res.body.errors).toEqual([['colour', "Only a part named 'file' is read"], ['extra', "Only a part named 'file' is read"], ['file', "File can't be empty"]]);
    });

    it('returns 415 for a body that is not multipart/form-data and 400 for a multipart body without a boundary', async () => {
      expect((await call(h, 'post', '/v1/attachments').send({ file: 'x' }).expect(415)).body).toEqual({ message: 'Unsupported Media Type' });
      const raw = await call(h, 'post', '/v1/attachments').set('Content-Type', 'multipart/form-data').send('--x\r\n\r\n').expect(400);
      expect(raw.body.message).toContain('The multipart body cannot be read');
    });

    it('returns 413 above the default limit of 10 MB, and stores nothing', async () => {
      const before = await attachmentCount();
      const res = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 7), 'big.bin', 'application/octet-stream').expect(413);
      expect(res.body).toEqual({ message: 'Payload Too Large', reason: expect.any(String) });
      expect(await attachmentCount()).toBe(before);
    });

    it('takes its limit from the config (ATTACHMENT_MAX_BYTES): a file of exactly the limit is stored, one byte more is 413', async () => {
      const store = openRateLimitStore({ kind: 'memory' });
      const rateLimiter = createRequestRateLimiter(store, { name: 'rest', windows: [{ points: 1_000_000, durationSeconds: 3600 }] });
      const app = createApiApp({ db: h.test.db, logger: createLogger({ name: 'api', level: 'silent' }), rateLimiter, apiUrl: API_URL, limits: { ...DEFAULT_API_LIMITS, attachmentMaxBytes: 1000 } });
      const post = (size: number) =>
        request(app).post('/v1/attachments').set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account)
          .attach('file', Buffer.alloc(size, 1), { filename: 'f.bin', contentType: 'application/octet-stream' });
      expect((await post(1000).expect(201)).body.size).toBe(1000);
      await post(1001).expect(413);
      // Declared far above the limit: refused before the body is read.
      await post(200_000).expect(413);
    });
  });

  describe('GET /v1/attachments/:key', () => {
    it('returns the bytes with their type, as a download that is never sniffed', async () => {
      const { key } = (await upload(png, 'Überblick.png').expect(201)).body;
      const res = await call(h, 'get', `/v1/attachments/${key}`).buffer(true).parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(res.body).toEqual(png);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="?berblick.png"; filename*=UTF-8''%C3%9Cberblick.png`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-length']).toBe(String(png.length));
    });

    it("returns 404 for an unknown key, a malformed one, and another account's", async () => {
      const [foreign] = await h.test.db('attachments')
        .insert({ account_id: 'widget', key: 'att_' + 'f'.repeat(32), filename: 'secret.txt', content_type: 'text/plain', size: 6, data: Buffer.from('secret') })
        .returning('key');
      for (const key of ['att_' + 'u'.repeat(32), 'nope', foreign.key]) {
        expect((await call(h, 'get', `/v1/attachments/${key}`).expect(404)).body).toEqual({ message: 'Not Found' });
      }
    });
  });

  describe('who may upload and download', () => {
    it('returns 403 to a person without the administrator role, and to a token without webhook:Create or webhook:Read', async () => {
      const { key } = (await upload(png).expect(201)).body;
      expect((await upload(png, 'a.png', 'image/png', h.demo.agent.token).expect(403)).body.reason).toContain('administrator');
      expect((await call(h, 'get', `/v1/attachments/${key}`, h.demo.agent.token).expect(403)).body.reason).toContain('administrator');
      const readOnly = await tokenFor(h, h.demo.admin.email, ['webhook:Read']);
      expect((await upload(png, 'a.png', 'image/png', readOnly).expect(403)).body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow webhook:Create" });
      await call(h, 'get', `/v1/attachments/${key}`, readOnly).expect(200);
      const writeOnly = await tokenFor(h, h.demo.admin.email, ['webhook:Create']);
      expect((await call(h, 'get', `/v1/attachments/${key}`, writeOnly).expect(403)).body.reason).toContain('webhook:Read');
    });
  });
});
