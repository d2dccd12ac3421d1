/**
 * Issue 10 items 5 and 6: OAuth access tokens work on the API with the person and their
 * application's scopes, and every invalidation rule of SPEC.md "Token invalidation"
 * refuses them from the next call, although the api (run as main.ts runs it, on the
 * cached access) already keeps them in memory; tokens of other grants and applications
 * go on working. Tokens are stored as oidc-provider's adapter stores them.
 */
import request from 'supertest';
import type { Express } from 'express';
import { hashToken } from '@tessera/domain';
import { revokeAuthorization, seedDemoData, type CachedAccess, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, insertTestOAuthApplication, mintOAuthAccessToken, untilHeldInAccessCache, type TestApplication, type TestDatabase } from '@tessera/persistence/testing';
import { startListeningApiApp } from './support/api-harness.js';

describe('OAuth access tokens on the REST API, and every invalidation rule', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let access: CachedAccess;
  let app: Express;
  let adminId: number;

  const me = (token: string, account = demo.account) => request(app).get('/v1/me').set('Authorization', `Bearer ${token}`).set('X-Service-Account', account);
  const asAdmin = (call: request.Test) => call.set('Authorization', `Bearer ${demo.admin.token}`).set('X-Service-Account', demo.account);
  const application = () => insertTestOAuthApplication(test.db, { scopes: [{ actions: ['me:Read', 'request:Read'] }] });
  const mint = (app: TestApplication, changes: { grantId?: string; personId?: number; issuedAt?: Date; expiresInSeconds?: number } = {}) =>
    mintOAuthAccessToken(test.db, { personId: adminId, clientId: app.clientId, ...changes });

  /** A token answered 200 until the access cache holds it, then once more from the cache. */
  async function inUse(token: string): Promise<void> {
    await untilHeldInAccessCache(access, token, demo.account, () => me(token).expect(200));
    await me(token).expect(200);
  }

  /** Polls until the token is refused with 401; resolves with the time it took (at most one second). */
  async function refusedWithin(token: string, ms = 1000): Promise<number> {
    const start = Date.now();
    let res = await me(token);
    while (res.status !== 401 && Date.now() - start < ms) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await me(token);
    }
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Unauthorized');
    return Date.now() - start;
  }

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    adminId = (await test.db('people').where({ primary_email: demo.admin.email }).first('id')).id;
    ({ app, access } = await startListeningApiApp(test));
  });
  afterAll(async () => {
    await access?.close();
    await test?.drop();
  });

  it('answers GET /v1/me for the person behind the token', async () => {
    const { token } = await mint(await application());
    const res = await me(token).expect(200);
    expect(res.body).toMatchObject({ id: adminId, primary_email: demo.admin.email, account: { id: 'wdc' } });
  });

  it('1. the person revokes the authorization (Access and Security page): their tokens 401, another person’s and another application’s unaffected', async () => {
    const target = await application();
    const revoked = await mint(target);
    const sameGrant = await mint(target, { grantId: revoked.grantId });
    const agentId = (await test.db('people').where({ primary_email: demo.agent.email }).first('id')).id;
    const otherPerson = await mint(target, { personId: agentId });
    const unrelated = await mint(await application());
    for (const token of [revoked.token, sameGrant.token, otherPerson.token, unrelated.token]) await inUse(token);

    await revokeAuthorization(test.db, adminId, target.clientId);
    expect(await refusedWithin(revoked.token)).toBeLessThan(1000);
    await me(sameGrant.token).expect(401);
    await me(otherPerson.token).expect(200);
    await me(unrelated.token).expect(200);
  });

  it('2. the scopes of the application change: every token of its integration 401 until the person authorizes again', async () => {
    const target = await application();
    const first = await mint(target);
    const second = await mint(target);
    const unrelated = await mint(await application());
    for (const token of [first.token, second.token, unrelated.token]) await inUse(token);

    await asAdmin(request(app).post(`/v1/integrations/${target.integrationId}/scopes`)).send({ effect: 'deny', actions: ['request:Delete'] }).expect(201);
    expect(await refusedWithin(first.token)).toBeLessThan(1000);
    await me(second.token).expect(401);
    await me(unrelated.token).expect(200);

    // Authorized again: a token issued after the change works.
    const { authorizations_revoked_at: revokedAt } = await test.db('integrations').where({ id: target.integrationId }).first('authorizations_revoked_at');
    const again = await mint(target, { issuedAt: new Date(revokedAt.getTime() + 1000) });
    await me(again.token).expect(200);
  });

  it('3. the token record is deleted (the revocation endpoint): that token 401, the grant’s other tokens and other applications unaffected', async () => {
    const target = await application();
    const revoked = await mint(target);
    const sameGrant = await mint(target, { grantId: revoked.grantId });
    const unrelated = await mint(await application());
    for (const token of [revoked.token, sameGrant.token, unrelated.token]) await inUse(token);

    await test.db('oauth_artifacts').where({ model: 'AccessToken', id_hash: hashToken(revoked.token) }).delete();
    expect(await refusedWithin(revoked.token)).toBeLessThan(1000);
    await me(sameGrant.token).expect(200);
    await me(unrelated.token).expect(200);
  });

  it('3. the application record is deleted: its tokens 401, other applications unaffected', async () => {
    const target = await application();
    const { token } = await mint(target);
    const unrelated = await mint(await application());
    for (const each of [token, unrelated.token]) await inUse(each);

    await test.db('oauth_applications').where({ id: target.applicationId }).delete();
    expect(await refusedWithin(token)).toBeLessThan(1000);
    await me(unrelated.token).expect(200);
  });

  it('4. the application is disabled: its tokens 401 at once, and still after it is enabled again; other applications unaffected', async () => {
    const target = await application();
    const { token } = await mint(target);
    const unrelated = await mint(await application());
    for (const each of [token, unrelated.token]) await inUse(each);

    const path = `/v1/integrations/${target.integrationId}/applications/${target.applicationId}`;
    await asAdmin(request(app).patch(path)).send({ disabled: true }).expect(200);
    expect(await refusedWithin(token)).toBeLessThan(1000);
    await me(unrelated.token).expect(200);
    // Disabling revoked the authorizations: enabling does not bring them back.
    await asAdmin(request(app).patch(path)).send({ disabled: false }).expect(200);
    await me(token).expect(401);
  });

  it('the integration is disabled: its tokens 401 at once, other integrations unaffected', async () => {
    const target = await application();
    const { token } = await mint(target);
    const unrelated = await mint(await application());
    for (const each of [token, unrelated.token]) await inUse(each);

    await asAdmin(request(app).patch(`/v1/integrations/${target.integrationId}`)).send({ disabled: true }).expect(200);
    expect(await refusedWithin(token)).toBeLessThan(1000);
    await me(unrelated.token).expect(200);
  });

  it('an expired token is 401, also one that expires while the api keeps it in memory', async () => {
    const target = await application();
    const expired = await mint(target, { issuedAt: new Date(Date.now() - 3601_000) });
    await me(expired.token).expect(401);

    const shortLived = await mint(target, { expiresInSeconds: 2 });
    await inUse(shortLived.token);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await me(shortLived.token).expect(401);
  });

  describe('a token acts only in its application’s account', () => {
    it('a person of the directory account (widget) acts with it in the application’s account wdc, and gets 403 in widget', async () => {
      const ellen = (await test.db('people').where({ primary_email: 'ellen@widget.example' }).first('id')).id;
      const { token } = await mint(await application(), { personId: ellen });
      expect((await me(token, 'wdc').expect(200)).body).toMatchObject({ id: ellen, account: { id: 'widget' } });
      const res = await me(token, 'widget').expect(403);
      expect(res.body).toEqual({ message: 'Forbidden', reason: "This OAuth token is valid only in the account of its application, not in 'widget'" });
    });

    it('a person who may not act in the application’s account gets 403 there', async () => {
      const foreign = await insertTestOAuthApplication(test.db, { account: 'widget', scopes: [{ actions: ['me:Read'] }] });
      const { token } = await mint(foreign);
      expect((await me(token, 'widget').expect(403)).body.reason).toBe("You have no access to account 'widget'");
      expect((await me(token, 'wdc').expect(403)).body.reason).toBe("This OAuth token is valid only in the account of its application, not in 'wdc'");
    });
  });
});
