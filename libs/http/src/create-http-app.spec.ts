import { STATUS_CODES } from 'node:http';
import type { Express } from 'express';
import request from 'supertest';
import { notFound, tooManyRequests, unauthorized, validationFailed } from '@tessera/domain';
import { createHttpApp, finishHttpApp } from './create-http-app.js';
import { RATE_LIMIT_DOCUMENTATION_URL } from './http-error.js';
import { createLogger } from './logger.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createHttpApp + finishHttpApp', () => {
  let databaseUp = true;
  let app: Express;

  beforeAll(() => {
    const logger = createLogger({ name: 't', level: 'silent' });
    app = createHttpApp({
      service: 'test-service',
      logger,
      healthChecks: {
        database: async () => {
          if (!databaseUp) throw new Error('connection refused');
        },
      },
    });
    app.get('/ok', (_req, res) => {
      res.json({ ok: true });
    });
    app.post('/echo', (req, res) => {
      res.status(201).json(req.body);
    });
    app.get('/boom', () => {
      throw new Error('secret detail of the failure');
    });
    app.get('/boom-async', async () => {
      throw new Error('secret async detail');
    });
    app.post('/requests', () => {
      throw validationFailed([['subject', "Subject can't be blank"]]);
    });
    app.get('/limited', () => {
      throw tooManyRequests(7);
    });
    app.get('/private', () => {
      throw unauthorized('Token expired');
    });
    app.get('/teams/5', () => {
      throw notFound('Team 5 does not exist in account acme');
    });
    finishHttpApp(app, logger);
  });

  afterEach(() => {
    databaseUp = true;
  });

  it('returns 200 {status: "ok"} on GET /healthz when every check passes', async () => {
    const res = await request(app).get('/healthz').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
  });

  it('returns 503 naming the failing check on GET /healthz when a health check fails', async () => {
    databaseUp = false;
    const res = await request(app).get('/healthz').expect(503);
    expect(res.body).toMatchObject({ status: 'failing', checks: { database: 'failing' } });
  });

  it('shows each /healthz check as tessera_health_check_up on GET /metrics, 0 while it fails and 1 once it passes again', async () => {
    databaseUp = false;
    expect((await request(app).get('/metrics').expect(200)).text).toMatch(/^tessera_health_check_up\{check="database"[^}]*\} 0$/m);
    databaseUp = true;
    expect((await request(app).get('/metrics').expect(200)).text).toMatch(/^tessera_health_check_up\{check="database"[^}]*\} 1$/m);
  });

  it('serves http_request_duration_seconds on GET /metrics, labelled with the route pattern', async () => {
    await request(app).get('/ok').expect(200);
    const res = await request(app).get('/metrics').expect(200);
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/ok"[^}]*\} [1-9]/);
  });

  it('accepts a JSON body', async () => {
    const res = await request(app).post('/echo').send({ subject: 'Printer' }).expect(201);
    expect(res.body).toEqual({ subject: 'Printer' });
  });

  it('returns 400 {"message":"Problems parsing JSON"} for a POST with invalid JSON', async () => {
    const res = await request(app).post('/echo').set('Content-Type', 'application/json').send('{"subject": ').expect(400);
    expect(res.body).toEqual({ message: 'Problems parsing JSON' });
  });

  it('returns 415 {"message":"Unsupported Media Type"} naming the charset for a JSON body in an unsupported charset', async () => {
    const res = await request(app).post('/echo').set('Content-Type', 'application/json; charset=klingon').send('{}').expect(415);
    expect(res.body).toEqual({ message: 'Unsupported Media Type', reason: 'Unsupported charset "KLINGON"' });
  });

  it('returns 415 {"message":"Unsupported Media Type"} naming the encoding for an unsupported Content-Encoding', async () => {
    const res = await request(app).post('/echo').set('Content-Type', 'application/json').set('Content-Encoding', 'x-compress').send('{}').expect(415);
    expect(res.body).toEqual({ message: 'Unsupported Media Type', reason: 'Unsupported content encoding "x-compress"' });
  });

  it('returns 413 with the message of 413 for a form with more parameters than allowed', async () => {
    const form = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    const res = await request(app).post('/echo').set('Content-Type', 'application/x-www-form-urlencoded').send(form).expect(413);
    expect(res.body).toEqual({ message: STATUS_CODES[413], reason: 'Too many parameters' });
  });

  it('returns 413 with the message of 413 for a body over the size limit', async () => {
    const res = await request(app).post('/echo').send({ text: 'x'.repeat(1_100_000) }).expect(413);
    expect(res.body).toEqual({ message: STATUS_CODES[413], reason: 'The request body is too large' });
  });

  it('returns 500 {message: "Internal Server Error", error_id: <uuid>} without the stack for a route that throws', async () => {
    const res = await request(app).get('/boom').expect(500);
    expect(Object.keys(res.body).sort()).toEqual(['error_id', 'message']);
    expect(res.body.message).toBe('Internal Server Error');
    expect(res.body.error_id).toMatch(UUID);
    expect(res.text).not.toContain('secret detail');
    expect(res.text).not.toContain('stack');
  });

  it('returns 500 with a fresh error_id for every failure, also for an async route that rejects', async () => {
    const first = await request(app).get('/boom-async').expect(500);
    const second = await request(app).get('/boom-async').expect(500);
    expect(first.body.message).toBe('Internal Server Error');
    expect(first.body.error_id).toMatch(UUID);
    expect(second.body.error_id).not.toBe(first.body.error_id);
    expect(first.text).not.toContain('secret async detail');
  });

  it(`returns 422 {"message":"Validation Failed","errors":[["subject","Subject can't be blank"]]} for validationFailed`, async () => {
    const res = await request(app).post('/requests').send({}).expect(422);
    expect(res.body).toEqual({ message: 'Validation Failed', errors: [['subject', "Subject can't be blank"]] });
  });

  it('returns 429 with Retry-After: 7 and a documentation_url for tooManyRequests(7)', async () => {
    const res = await request(app).get('/limited').expect(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.body).toEqual({ message: 'Too Many Requests', documentation_url: RATE_LIMIT_DOCUMENTATION_URL });
    expect(res.body.documentation_url).toMatch(/^https:\/\//);
  });

  it('returns 401 {"message":"Unauthorized"} with WWW-Authenticate: Bearer for unauthorized', async () => {
    const res = await request(app).get('/private').expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body.message).toBe('Unauthorized');
  });

  it('returns 404 {"message":"Not Found"} without the internal reason for notFound', async () => {
    const res = await request(app).get('/teams/5').expect(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });

  it('returns 404 {"message":"Not Found"} for an unknown route', async () => {
    const res = await request(app).get('/nowhere').expect(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });

  it('echoes a valid X-Request-Id', async () => {
    const res = await request(app).get('/ok').set('X-Request-Id', 'proxy-req.0001_abc').expect(200);
    expect(res.headers['x-request-id']).toBe('proxy-req.0001_abc');
  });

  it('replaces an X-Request-Id that is not well formed with a new uuid', async () => {
    const res = await request(app).get('/ok').set('X-Request-Id', 'bad id!').expect(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('sets a new uuid X-Request-Id when none is sent, also on errors', async () => {
    const res = await request(app).get('/limited').expect(429);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('does not announce the framework with X-Powered-By', async () => {
    const res = await request(app).get('/ok').expect(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
