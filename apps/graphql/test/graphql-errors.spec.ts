import request from 'supertest';
import { pino } from 'pino';
import type { Express } from 'express';
import type { AccessPort } from '@tessera/domain';
import { createAccessRepository, createDatabase, seedDemoData, type Database, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { createGraphqlApp } from '../src/app.js';

const BAD_TOKEN = 'tsr_pat_not-a-token-at-all-0000000000';
/** What must never reach a client: stack traces, source or install paths, database internals. */
const INTERNALS = /stacktrace|\.ts:\d+|node_modules|\/work\/|\bat [A-Za-z.<>]+ \(|does not exist|ECONNREFUSED|127\.0\.0\.1:1\b|Context creation failed/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The GraphQL app built and called under NODE_ENV=development, where Apollo would add
 * stack traces by default; its log lines kept for the test to read.
 */
async function startApp(db: Database, access?: AccessPort) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const graphql = await createGraphqlApp({ db, logger, ...(access ? { access } : {}) });
  return { ...graphql, lines };
}

describe('GraphQL errors — no stack trace, file path or internal message reaches a client', () => {
  const nodeEnv = process.env['NODE_ENV'];
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let app: Express;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    process.env['NODE_ENV'] = 'development';
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    ({ app, stop } = await startApp(test.db));
  });
  afterAll(async () => {
    await stop();
    await test.drop();
    process.env['NODE_ENV'] = nodeEnv;
  });

  const post = (target: Express, token: string, query: string) =>
    request(target).post('/').set('Authorization', `Bearer ${token}`).set('X-Service-Account', demo.account).send({ query });

  it('answers a bad token with 401 UNAUTHORIZED and no stacktrace key, also with NODE_ENV=development', async () => {
    const res = await post(app, BAD_TOKEN, '{ me { id } }').expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body.errors).toEqual([{ message: 'The bearer token is unknown, expired or revoked', extensions: { code: 'UNAUTHORIZED' } }]);
    expect(res.text).not.toMatch(INTERNALS);
  });

  it('says a truncated token is not valid and a missing one is required, on POST and on GET introspection (issue 30 item 18)', async () => {
    const truncated = await post(app, demo.admin.token.slice(0, 10), '{ me { id } }').expect(401);
    expect(truncated.body.errors).toEqual([{ message: 'The bearer token is not valid: it is malformed or truncated', extensions: { code: 'UNAUTHORIZED' } }]);
    const missing = await request(app).post('/').set('X-Service-Account', demo.account).send({ query: '{ me { id } }' }).expect(401);
    expect(missing.body.errors).toEqual([{ message: 'A bearer token is required in the Authorization header', extensions: { code: 'UNAUTHORIZED' } }]);
    const introspection = `/?query=${encodeURIComponent('{ __schema { types { name } } }')}`;
    const byGet = await request(app).get(introspection).set('Authorization', 'Bearer tsr_pat_x').expect(401);
    expect(byGet.body.errors[0].message).toBe('The bearer token is not valid: it is malformed or truncated');
  });

  it('answers GET introspection with a bad token the same way', async () => {
    const res = await request(app).get(`/?query=${encodeURIComponent('{ __schema { types { name } } }')}`).set('Authorization', `Bearer ${BAD_TOKEN}`).expect(401);
    expect(res.body.errors[0].extensions).toEqual({ code: 'UNAUTHORIZED' });
    expect(res.text).not.toMatch(INTERNALS);
  });

  it('answers a query the schema refuses with its validation message and no stacktrace', async () => {
    const res = await post(app, demo.admin.token, '{ me { salary } }').expect(400);
    expect(res.body.errors[0]).toMatchObject({ message: 'Cannot query field "salary" on type "Person".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(res.text).not.toMatch(INTERNALS);
  });

  it('answers a resolver whose database query fails with Internal Server Error and an error_id under which the failure is logged', async () => {
    // The access check reads the person (and would serve `me` from what it read): here it forgets
    // the profile, and the column is gone by the time the `me` resolver reads the person itself.
    const repository = createAccessRepository(test.db);
    const forgetful: AccessPort = {
      ...repository,
      lookup: async (tokenHash, accountId) => {
        const found = await repository.lookup(tokenHash, accountId);
        await test.db.raw('alter table people rename column locale to locale_gone');
        if (!found) return null;
        const { profile: _profile, ...person } = found.grant.person;
        return { ...found, grant: { ...found.grant, person } };
      },
    };
    const broken = await startApp(test.db, forgetful);
    try {
      const res = await post(broken.app, demo.admin.token, '{ me { id locale } }').expect(200);
      expect(res.body.data).toBeNull();
      expect(res.body.errors).toEqual([
        { message: 'Internal Server Error', locations: [{ line: 1, column: 3 }], path: ['me'], extensions: { code: 'INTERNAL_SERVER_ERROR', error_id: expect.stringMatching(UUID) } },
      ]);
      expect(res.text).not.toMatch(INTERNALS);
      expect(res.text).not.toContain('locale');
      const logged = broken.lines.find((line) => line['errorId'] === res.body.errors[0].extensions.error_id);
      expect(logged).toMatchObject({ msg: 'unhandled error', err: { message: expect.stringContaining('locale') } });
    } finally {
      await broken.stop();
      await test.db.raw('alter table people rename column locale_gone to locale');
    }
  });

  it('answers a failure while resolving the caller (database unreachable) with 503 SERVICE_UNAVAILABLE and Retry-After, logged once as an outage (decision 027)', async () => {
    const unreachable = createDatabase({ url: 'postgres://nobody:nothing@127.0.0.1:1/none', poolMax: 1, quiet: true });
    const broken = await startApp(unreachable);
    try {
      const res = await post(broken.app, demo.admin.token, '{ me { id } }').expect(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ errors: [{ message: 'The database is unreachable; try again later', extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 5 } }] });
      expect(res.text).not.toMatch(INTERNALS);
      expect(broken.lines.filter((line) => line['msg'] === 'database unreachable: answering 503 until it is back')).toHaveLength(1);
      expect(broken.lines.filter((line) => line['msg'] === 'unhandled error')).toHaveLength(0);
    } finally {
      await broken.stop();
      await unreachable.destroy();
    }
  });
});
