import request from 'supertest';
import { pino } from 'pino';
import type { Express } from 'express';
import { conflict, forbidden, notFound, tooManyRequests, unauthorized } from '@tessera/domain';
import { createHttpApp, finishHttpApp } from '@tessera/http';
import { createDatabase } from '@tessera/persistence';
import { authAppOn } from '../test/support/auth-app-on.js';
import { OAUTH_PATHS, oauthErrorHandler, oauthNotFound } from './oauth-error-answers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }) };
}

/** The auth app's layers, with routes standing in for what oidc-provider and the pages will throw. */
function appThrowing(logger: ReturnType<typeof capturingLogger>['logger']): Express {
  const app = createHttpApp({ service: 'auth', logger });
  const fail = (error: unknown) => () => {
    throw error;
  };
  app.post('/token', (req, _res, next) => {
    const thrown: Record<string, unknown> = {
      used: conflict('authorization code was already used'),
      unknown: notFound('grant 17 of account acme'),
      client: unauthorized('client authentication failed'),
      disabled: forbidden('the application is disabled'),
      limited: tooManyRequests(9),
    };
    next(thrown[String(req.body.case)] ?? new Error('connect ECONNREFUSED 10.1.2.3:5432'));
  });
  app.get('/authorize', fail(forbidden('the user denied access')));
  app.get('/page', fail(new Error('template /srv/auth/views/login.ejs not found')));
  app.use(OAUTH_PATHS, oauthNotFound, oauthErrorHandler(logger));
  return finishHttpApp(app, logger);
}

describe('auth app — error answers in OAuth shape on its OAuth paths (SPEC.md "Errors", RFC 6749 §5.2)', () => {
  let app: Express;
  let lines: Record<string, unknown>[];
  beforeAll(() => {
    const captured = capturingLogger();
    lines = captured.lines;
    app = appThrowing(captured.logger);
  });

  it.each([
    ['used', 400, 'invalid_grant', 'authorization code was already used'],
    ['unknown', 400, 'invalid_grant', 'Not Found'],
    ['client', 401, 'invalid_client', 'client authentication failed'],
    ['disabled', 400, 'unauthorized_client', 'the application is disabled'],
  ])('answers a token request failing as %s with %i {error: %s}', async (failure, status, error, description) => {
    const res = await request(app).post('/token').type('form').send({ case: failure }).expect(status);
    expect(res.body).toEqual({ error, error_description: description });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a spent rate limit on /token with 429, Retry-After and temporarily_unavailable', async () => {
    const res = await request(app).post('/token').type('form').send({ case: 'limited' }).expect(429);
    expect(res.headers['retry-after']).toBe('9');
    expect(res.body).toEqual({ error: 'temporarily_unavailable', error_description: 'Too Many Requests' });
  });

  it('answers a refusal on /authorize with access_denied', async () => {
    const res = await request(app).get('/authorize').expect(400);
    expect(res.body).toEqual({ error: 'access_denied', error_description: 'the user denied access' });
  });

  it('answers an unexpected failure on /token with 500 server_error and an error_id under which it is logged, and nothing of its message', async () => {
    const res = await request(app).post('/token').type('form').send({ case: 'crash' }).expect(500);
    expect(res.body).toEqual({ error: 'server_error', error_description: 'Internal Server Error', error_id: expect.stringMatching(UUID) });
    expect(res.text).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|stack|\.ts:\d+/);
    expect(lines.find((line) => line['errorId'] === res.body.error_id)).toMatchObject({ msg: 'unhandled error', err: { message: 'connect ECONNREFUSED 10.1.2.3:5432' } });
  });

  it('answers a token request body that cannot be parsed with invalid_request', async () => {
    const res = await request(app).post('/token').set('Content-Type', 'application/json').send('{"grant_type": ').expect(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: 'Bad Request' });
  });

  it('keeps the REST answer {"message":"Internal Server Error","error_id"} off the OAuth paths', async () => {
    const res = await request(app).get('/page').expect(500);
    expect(res.body).toEqual({ message: 'Internal Server Error', error_id: expect.stringMatching(UUID) });
    expect(res.text).not.toContain('/srv/auth');
  });
});

describe('createAuthApp — its own 404 answers', () => {
  const db = createDatabase({ url: 'postgres://nobody:nothing@127.0.0.1:1/none', poolMax: 1, quiet: true });
  const app = authAppOn(db, { logger: pino({ level: 'silent' }) });
  afterAll(() => db.destroy());

  it.each([['GET', '/token'], ['GET', '/revoke'], ['GET', '/introspect'], ['POST', '/token/revocation']])(
    'answers %s %s, which oidc-provider does not serve, with 404 invalid_request',
    async (method, path) => {
      const res = await request(app)[method === 'GET' ? 'get' : 'post'](path).expect(404);
      expect(res.body).toEqual({ error: 'invalid_request', error_description: 'unrecognized route or not allowed method' });
    },
  );

  it('answers another unknown path with the REST {"message":"Not Found"}', async () => {
    const res = await request(app).get('/nowhere').expect(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });
});
