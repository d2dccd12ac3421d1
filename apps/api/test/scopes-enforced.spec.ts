/**
 * Issue 8 "Done when", for personal access tokens over REST: the scopes a token carries
 * (`[allow|deny] <actions>[ if <conditions>]`, libs/domain/src/scopes) decide every call,
 * through the one evaluator. The api runs as main.ts runs it, on the cached access, so the
 * last case shows a scope change reaching a token the process already keeps in memory.
 * The same cases run for OAuth access tokens (issue 10 item 5), whose rights are their
 * integration's scopes narrowed to the token's own scope.
 */
import request from 'supertest';
import type { Express } from 'express';
import { hashToken } from '@tessera/domain';
import { seedDemoData, type CachedAccess, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, oauthAccessTokenWith, personalAccessTokenWith, untilHeldInAccessCache, type TestDatabase, type TestApplicationSpec } from '@tessera/persistence/testing';
import { startListeningApiApp } from './support/api-harness.js';

describe('Scopes of a personal access token, enforced on every REST call', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let access: CachedAccess;
  let app: Express;

  const tokenWith = (scopes: string[], email = demo.admin.email) => personalAccessTokenWith(test.db, email, scopes);
  const requests = (token: string, account = demo.account) => request(app).get('/v1/requests').set('Authorization', `Bearer ${token}`).set('X-Service-Account', account);

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    ({ app, access } = await startListeningApiApp(test));
  });
  afterAll(async () => {
    await access?.close();
    await test?.drop();
  });

  it('allowed read: a token with request:Read gets GET /v1/requests', async () => {
    const res = await requests(await tokenWith(['request:Read'])).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('denied read, no allow: a token with me:Read only gets 403 naming request:Read', async () => {
    const res = await requests(await tokenWith(['me:Read'])).expect(403);
    expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow request:Read" });
  });

  it('denied by a deny scope over an allow: *:* with deny request:Read gets 403 naming the deny', async () => {
    const token = await tokenWith(['*:*', 'deny request:Read']);
    const res = await requests(token).expect(403);
    expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes deny request:Read" });
    // The deny covers that action only: the rest of *:* still holds.
    await request(app).get('/v1/me').set('Authorization', `Bearer ${token}`).set('X-Service-Account', demo.account).expect(200);
  });

  describe('condition not met', () => {
    it('refuses a scope for another account: allow request:Read if account = widget, called in wdc', async () => {
      const res = await requests(await tokenWith(['allow request:Read if account = widget'])).expect(403);
      expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow request:Read" });
    });

    it('refuses a scope for a role the caller lacks, and allows the caller who has it', async () => {
      const line = 'allow request:Read if account = wdc and role = administrator';
      const agent = await requests(await tokenWith([line], demo.agent.email)).expect(403);
      expect(agent.body.reason).toBe("This token's scopes do not allow request:Read");
      await requests(await tokenWith([line], demo.admin.email)).expect(200);
    });

    it('denies under a condition only when it holds: deny request:Read if role != administrator', async () => {
      const scopes = ['request:Read', 'deny request:Read if role != administrator'];
      const agent = await requests(await tokenWith(scopes, demo.agent.email)).expect(403);
      expect(agent.body.reason).toBe("This token's scopes deny request:Read");
      await requests(await tokenWith(scopes, demo.admin.email)).expect(200);
    });
  });

  it('scope removed: a token kept in the access cache is refused within one second of losing request:Read', async () => {
    const token = await tokenWith(['request:Read', 'me:Read']);
    // Answered from memory from now on: the database is not asked again until a change says so.
    await untilHeldInAccessCache(access, token, demo.account, () => requests(token).expect(200));
    await requests(token).expect(200);

    await test.db('personal_access_tokens').where({ token_hash: hashToken(token) }).update({ scopes: ['me:Read'] });
    const start = Date.now();
    let res = await requests(token);
    while (res.status === 200 && Date.now() - start < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await requests(token);
    }
    expect(res.status).toBe(403);
    expect(Date.now() - start).toBeLessThan(1000);
    expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow request:Read" });
  });

  describe('the same rules for an OAuth access token: its integration scopes, narrowed to the token scope', () => {
    const oauthTokenWith = (scopes: TestApplicationSpec['scopes'], { scope, email = demo.admin.email }: { scope?: string; email?: string } = {}) =>
      oauthAccessTokenWith(test.db, email, scopes, scope);

    it('allowed read: an integration allowing request:Read, a token naming no scope, gets GET /v1/requests', async () => {
      const { token } = await oauthTokenWith([{ actions: ['request:Read'] }]);
      const res = await requests(token).expect(200);
      expect(Array.isArray(res.body)).toBe(true);
    });

    it('denied read, no allow: an integration allowing me:Read only gets 403 naming request:Read', async () => {
      const res = await requests((await oauthTokenWith([{ actions: ['me:Read'] }])).token).expect(403);
      expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow request:Read" });
    });

    it('denied by the token scope: request:* on the integration, a token of scope me:Read gets 403 for request:Read', async () => {
      const { token } = await oauthTokenWith([{ actions: ['request:*', 'me:Read'] }], { scope: 'me:Read' });
      expect((await requests(token).expect(403)).body.reason).toBe("This token's scopes do not allow request:Read");
      await request(app).get('/v1/me').set('Authorization', `Bearer ${token}`).set('X-Service-Account', demo.account).expect(200);
    });

    it('never beyond the integration: a token of scope *:* on an integration allowing me:Read gets 403 for request:Read', async () => {
      const { token } = await oauthTokenWith([{ actions: ['me:Read'] }], { scope: '*:*' });
      expect((await requests(token).expect(403)).body.reason).toBe("This token's scopes do not allow request:Read");
    });

    it('denied by a deny scope over an allow: *:* with deny request:Read gets 403 naming the deny', async () => {
      const { token } = await oauthTokenWith([{ actions: ['*:*'] }, { effect: 'deny', actions: ['request:Read'] }], { scope: 'request:Read me:Read' });
      expect((await requests(token).expect(403)).body).toEqual({ message: 'Forbidden', reason: "This token's scopes deny request:Read" });
      await request(app).get('/v1/me').set('Authorization', `Bearer ${token}`).set('X-Service-Account', demo.account).expect(200);
    });

    it('condition not met: request:Read if account = widget refuses, and if role = administrator refuses the agent only', async () => {
      const other = await oauthTokenWith([{ actions: ['request:Read'], conditions: ['account = widget'] }]);
      expect((await requests(other.token).expect(403)).body.reason).toBe("This token's scopes do not allow request:Read");
      const scopes = [{ actions: ['request:Read'], conditions: ['role = administrator'] }];
      expect((await requests((await oauthTokenWith(scopes, { email: demo.agent.email })).token).expect(403)).body.reason).toBe(
        "This token's scopes do not allow request:Read",
      );
      await requests((await oauthTokenWith(scopes)).token).expect(200);
    });

    it('scope removed: a token kept in the access cache is refused (401, authorize again) at once when its integration loses request:Read', async () => {
      const { token, application } = await oauthTokenWith([{ actions: ['request:Read', 'me:Read'] }]);
      await untilHeldInAccessCache(access, token, demo.account, () => requests(token).expect(200));
      await requests(token).expect(200);

      // As an administrator changes it: the scope change revokes the integration's authorizations.
      await request(app)
        .patch(`/v1/integrations/${application.integrationId}/scopes/${application.scopeIds[0]}`)
        .set('Authorization', `Bearer ${demo.admin.token}`)
        .set('X-Service-Account', demo.account)
        .send({ actions: ['me:Read'] })
        .expect(200);
      const start = Date.now();
      let res = await requests(token);
      while (res.status === 200 && Date.now() - start < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        res = await requests(token);
      }
      expect(res.status).toBe(401);
      expect(Date.now() - start).toBeLessThan(1000);
    });
  });
});
