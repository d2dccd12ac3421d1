import request from 'supertest';
import type { Express } from 'express';
import { generatePersonalAccessToken, hashToken } from '@tessera/domain';
import { insertPersonalAccessToken, seedDemoData, type CachedAccess, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { startListeningApiApp } from './support/api-harness.js';

/**
 * Issue 22: access follows a change made through `PATCH /v1/people/:id` on every replica — two
 * apps on the cached access of production, each listening to the access-change feed, one database.
 */
describe('access follows people changes on every replica', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let replicas: Array<{ app: Express; access: CachedAccess }> = [];

  const call = (app: Express, method: 'get' | 'patch', path: string, token: string, body?: object) =>
    request(app)[method](path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', demo.account).send(body);
  async function tokenOf(personId: number): Promise<string> {
    const token = generatePersonalAccessToken();
    await insertPersonalAccessToken(test.db, { personId, name: 'test', tokenHash: hashToken(token), scopes: ['*:*'], expiresAt: null });
    return token;
  }
  /** Polls until every replica answers `status`; within one second, as the access cache promises. */
  async function onEveryReplica(path: string, token: string, status: number): Promise<void> {
    const start = Date.now();
    for (const { app } of replicas) {
      while ((await call(app, 'get', path, token)).status !== status) {
        if (Date.now() - start > 1000) throw new Error(`${path} did not answer ${status} on every replica within one second`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    replicas = [await startListeningApiApp(test), await startListeningApiApp(test)];
  });
  afterAll(async () => {
    for (const { access } of replicas) await access.close();
    await test.drop();
  });

  it('refuses every token of a person on both replicas once PATCH disabled=true, and takes them again once re-enabled', async () => {
    const { body: person } = await call(replicas[0]!.app, 'get', `/v1/people?primary_email=${demo.agent.email}`, demo.admin.token).expect(200);
    const token = await tokenOf(person[0].id);
    for (const { app } of replicas) await call(app, 'get', '/v1/me', token).expect(200);

    await call(replicas[0]!.app, 'patch', `/v1/people/${person[0].id}`, demo.admin.token, { disabled: true }).expect(200);
    await onEveryReplica('/v1/me', token, 401);
    await onEveryReplica('/v1/me', demo.agent.token, 401);

    await call(replicas[1]!.app, 'patch', `/v1/people/${person[0].id}`, demo.admin.token, { disabled: false }).expect(200);
    await onEveryReplica('/v1/me', token, 200);
  });

  it('takes administrator-only routes from a person on both replicas once the role is removed through PATCH', async () => {
    const { body: created } = await request(replicas[0]!.app).post('/v1/people').set('Authorization', `Bearer ${demo.admin.token}`).set('X-Service-Account', demo.account)
      .send({ name: 'Second Admin', primary_email: 'second@widget.example', roles: ['administrator', 'agent'] }).expect(201);
    const token = await tokenOf(created.id);
    for (const { app } of replicas) await call(app, 'get', '/v1/webhooks', token).expect(200);

    await call(replicas[1]!.app, 'patch', `/v1/people/${created.id}`, demo.admin.token, { roles: ['agent'] }).expect(200);
    await onEveryReplica('/v1/webhooks', token, 403);
    // The person keeps what their remaining role allows.
    for (const { app } of replicas) await call(app, 'get', '/v1/requests', token).expect(200);
  });
});
