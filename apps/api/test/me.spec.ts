import request from 'supertest';
import type { Express } from 'express';
import { createLogger } from '@tessera/http';
import { generatePersonalAccessToken, hashToken, decodeNodeId } from '@tessera/domain';
import { createPostgresWindowCounter, insertPersonalAccessToken, seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from '../src/app.js';
import { loadApiConfig } from '../src/config.js';

describe('GET /v1/me — identity and access', () => {
  let test: TestDatabase;
  let app: Express;
  let demo: DemoSeedResult;

  async function tokenFor(email: string, options: { expiresAt?: Date; scopes?: string[] } = {}): Promise<string> {
    const person = await test.db('people').where({ primary_email: email }).first('id');
    const token = generatePersonalAccessToken();
    await insertPersonalAccessToken(test.db, {
      personId: person.id, name: 'test', tokenHash: hashToken(token), scopes: options.scopes ?? ['*:*'], expiresAt: options.expiresAt ?? null,
    });
    return token;
  }

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    const store = openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(test.db) });
    const windows = loadApiConfig({ DATABASE_URL: test.url }).rateWindows;
    app = createApiApp({ db: test.db, logger: createLogger({ name: 'api', level: 'silent' }), rateLimiter: createRequestRateLimiter(store, { name: 'rest', windows }), apiUrl: 'http://localhost:3000/v1' });
  });
  afterAll(() => test.drop());

  const me = (token: string | null, account: string | null) => {
    const call = request(app).get('/v1/me');
    if (token !== null) call.set('Authorization', `Bearer ${token}`);
    if (account !== null) call.set('X-Service-Account', account);
    return call;
  };

  it('answers the administrator with their person record, roles and a node ID', async () => {
    const res = await me(demo.admin.token, demo.account).expect(200);
    expect(res.body).toMatchObject({
      name: 'Alice Admin',
      primary_email: demo.admin.email,
      account: { id: 'wdc', name: 'Widget Data Center' },
      roles: expect.arrayContaining(['administrator']),
    });
    expect(decodeNodeId(res.body.nodeID)).toEqual({ instance: 'tessera', type: 'Person', id: res.body.id });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it.each([
    ['no Authorization header', null],
    ['a token that was never issued', 'tsr_pat_thisisnotarealtokenatall0000000000000'],
    ['a malformed header value', 'x'],
  ])('returns 401 Unauthorized JSON for %s', async (_case, token) => {
    const res = await me(token, demo.account).expect(401);
    expect(res.body.message).toBe('Unauthorized');
  });

  it('says a malformed or truncated token is not valid, and a missing one is required (issue 30 item 18)', async () => {
    const reason = async (token: string | null) => (await me(token, demo.account).expect(401)).body;
    expect(await reason(null)).toEqual({ message: 'Unauthorized', reason: 'A bearer token is required in the Authorization header' });
    const invalid = { message: 'Unauthorized', reason: 'The bearer token is not valid: it is malformed or truncated' };
    expect(await reason(demo.admin.token.slice(0, 12))).toEqual(invalid);
    expect(await reason('x')).toEqual(invalid);
    expect(await reason(`${demo.admin.token.slice(0, 20)}!`)).toEqual(invalid);
    expect(await reason(demo.admin.token.slice(0, -3))).toEqual({ message: 'Unauthorized', reason: 'The bearer token is unknown, expired or revoked' });
  });

  it('returns 401 for an expired token', async () => {
    const token = await tokenFor(demo.agent.email, { expiresAt: new Date(Date.now() - 1000) });
    expect((await me(token, demo.account).expect(401)).body.message).toBe('Unauthorized');
  });

  it('returns 401 for a revoked token', async () => {
    const token = await tokenFor(demo.agent.email);
    await test.db('personal_access_tokens').where({ token_hash: hashToken(token) }).update({ revoked_at: new Date() });
    await me(token, demo.account).expect(401);
  });

  it('returns 403 Forbidden JSON when the account header is missing', async () => {
    const res = await me(demo.admin.token, null).expect(403);
    expect(res.body).toEqual({ message: 'Forbidden', reason: 'The X-Service-Account header is required' });
  });

  it.each([['an account the person does not belong to', 'widget'], ['an account that does not exist', 'nosuchaccount'], ['a malformed account id', '../etc']])(
    'returns 403 Forbidden JSON for %s',
    async (_case, account) => {
      const res = await me(demo.admin.token, account).expect(403);
      expect(res.body.message).toBe('Forbidden');
    },
  );

  it('lets a person of the directory account act in its support domain', async () => {
    const token = await tokenFor('ellen@widget.example');
    const res = await me(token, 'wdc').expect(200);
    expect(res.body).toMatchObject({ name: 'Ellen Enduser', account: { id: 'widget' }, current_account: { id: 'wdc' }, roles: [] });
    await me(token, 'widget').expect(200);
  });

  it('returns 404 JSON for an unknown path after authentication', async () => {
    const res = await request(app).get('/v1/nothing-here').set('Authorization', `Bearer ${demo.admin.token}`).set('X-Service-Account', 'wdc').expect(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });
});
