/**
 * Issue 8 "Done when", for personal access tokens over GraphQL: each field checks the action
 * it declares (src/schema.ts FIELD_NEEDS) with the evaluator REST uses; a refused field is an
 * error with `extensions.code` FORBIDDEN naming the action. The app runs as main.ts runs it,
 * over HTTPS on the cached access, so the last case shows a scope change reaching a token the
 * process already keeps in memory. The same cases run for OAuth access tokens (issue 10
 * item 5): their integration's scopes, narrowed to the token's own scope.
 */
import { request as httpsRequest } from 'node:https';
import { createLogger, listen, type Listening } from '@tessera/http';
import { hashToken } from '@tessera/domain';
import { seedDemoData, type CachedAccess, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, startListeningAccess, oauthAccessTokenWith, personalAccessTokenWith, untilHeldInAccessCache, type TestApplicationSpec, type TestDatabase } from '@tessera/persistence/testing';
import { createGraphqlApp } from '../src/app.js';
import { loadTls } from '../src/tls.js';

interface GraphqlAnswer {
  data?: { me?: { name: string } | null } | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: { code?: string } }>;
}

describe('Scopes of a personal access token, enforced on every GraphQL field', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let access: CachedAccess;
  let graphql: { stop: () => Promise<void> };
  let server: Listening;

  const tokenWith = (scopes: string[], email = demo.admin.email) => personalAccessTokenWith(test.db, email, scopes);

  /** POST `{ me { name } }` over HTTPS with the token and the account header. */
  const me = (token: string, account = demo.account): Promise<GraphqlAnswer> =>
    new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/',
          method: 'POST',
          rejectUnauthorized: false,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': account },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve(JSON.parse(body) as GraphqlAnswer));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ query: '{ me { name } }' }));
    });
  /** Answers `me` until the token is held in the access cache: from then on the database is not asked again until a change says so. */
  async function answeredFromCache(token: string): Promise<void> {
    await untilHeldInAccessCache(access, token, demo.account, async () => expect((await me(token)).data).toEqual({ me: { name: 'Alice Admin' } }));
  }
  /** Asks `me` every 20 ms until it is refused or a second has passed: the last answer, and how long the change took to reach the token. */
  async function meUntilRefused(token: string): Promise<{ answer: GraphqlAnswer; waitedMs: number }> {
    const start = Date.now();
    let answer = await me(token);
    while (!answer.errors && Date.now() - start < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await me(token);
    }
    return { answer, waitedMs: Date.now() - start };
  }
  const refusal = (answer: GraphqlAnswer) => answer.errors?.map((error) => ({ code: error.extensions?.code, message: error.message, path: error.path }));

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    const logger = createLogger({ name: 'graphql', level: 'silent' });
    access = await startListeningAccess(test.db, logger);
    const built = await createGraphqlApp({ db: test.db, logger, access: access.port });
    graphql = built;
    server = await listen(built.app, { port: 0, host: '127.0.0.1', tls: await loadTls(null) });
  });
  afterAll(async () => {
    await server?.close();
    await graphql?.stop();
    await access?.close();
    await test?.drop();
  });

  it('allowed read: a token with me:Read gets `me`', async () => {
    expect(await me(await tokenWith(['me:Read']))).toEqual({ data: { me: { name: 'Alice Admin' } }, extensions: { cost: expect.any(Object) } });
  });

  it('denied read, no allow: a token with request:Read only gets FORBIDDEN naming me:Read', async () => {
    const answer = await me(await tokenWith(['request:Read']));
    expect(answer.data).toBeNull();
    expect(refusal(answer)).toEqual([{ code: 'FORBIDDEN', message: "This token's scopes do not allow me:Read", path: ['me'] }]);
  });

  it('denied by a deny scope over an allow: *:* with deny me:Read gets FORBIDDEN naming the deny', async () => {
    const answer = await me(await tokenWith(['*:*', 'deny me:Read']));
    expect(refusal(answer)).toEqual([{ code: 'FORBIDDEN', message: "This token's scopes deny me:Read", path: ['me'] }]);
  });

  describe('condition not met', () => {
    it('refuses a scope for another account: allow me:Read if account = widget, called in wdc', async () => {
      const answer = await me(await tokenWith(['allow me:Read if account = widget']));
      expect(refusal(answer)).toEqual([{ code: 'FORBIDDEN', message: "This token's scopes do not allow me:Read", path: ['me'] }]);
    });

    it('refuses a scope for a role the caller lacks, and answers the caller who has it', async () => {
      const line = 'allow me:Read if account = wdc and role = administrator';
      expect(refusal(await me(await tokenWith([line], demo.agent.email)))).toEqual([
        { code: 'FORBIDDEN', message: "This token's scopes do not allow me:Read", path: ['me'] },
      ]);
      expect((await me(await tokenWith([line], demo.admin.email))).data).toEqual({ me: { name: 'Alice Admin' } });
    });
  });

  it('scope removed: a token kept in the access cache is refused within one second of losing me:Read', async () => {
    const token = await tokenWith(['me:Read', 'request:Read']);
    await answeredFromCache(token);

    await test.db('personal_access_tokens').where({ token_hash: hashToken(token) }).update({ scopes: ['request:Read'] });
    const { answer, waitedMs } = await meUntilRefused(token);
    expect(waitedMs).toBeLessThan(1000);
    expect(refusal(answer)).toEqual([{ code: 'FORBIDDEN', message: "This token's scopes do not allow me:Read", path: ['me'] }]);
  });

  describe('the same rules for an OAuth access token: its integration scopes, narrowed to the token scope', () => {
    const oauthTokenWith = (scopes: TestApplicationSpec['scopes'], { scope, email = demo.admin.email }: { scope?: string; email?: string } = {}) =>
      oauthAccessTokenWith(test.db, email, scopes, scope);
    const notAllowed = [{ code: 'FORBIDDEN', message: "This token's scopes do not allow me:Read", path: ['me'] }];

    it('allowed read: an integration allowing me:Read gets `me`, with or without a token scope naming it', async () => {
      expect(await me((await oauthTokenWith([{ actions: ['me:Read'] }])).token)).toEqual({ data: { me: { name: 'Alice Admin' } }, extensions: { cost: expect.any(Object) } });
      expect(await me((await oauthTokenWith([{ actions: ['me:*'] }], { scope: 'me:Read' })).token)).toEqual({ data: { me: { name: 'Alice Admin' } }, extensions: { cost: expect.any(Object) } });
    });

    it('denied read, no allow: an integration allowing request:Read only gets FORBIDDEN naming me:Read', async () => {
      const answer = await me((await oauthTokenWith([{ actions: ['request:Read'] }])).token);
      expect(answer.data).toBeNull();
      expect(refusal(answer)).toEqual(notAllowed);
    });

    it('denied by the token scope: me:Read on the integration, a token of scope request:Read gets FORBIDDEN', async () => {
      expect(refusal(await me((await oauthTokenWith([{ actions: ['me:Read', 'request:Read'] }], { scope: 'request:Read' })).token))).toEqual(notAllowed);
    });

    it('denied by a deny scope over an allow: *:* with deny me:Read gets FORBIDDEN naming the deny', async () => {
      const answer = await me((await oauthTokenWith([{ actions: ['*:*'] }, { effect: 'deny', actions: ['me:Read'] }])).token);
      expect(refusal(answer)).toEqual([{ code: 'FORBIDDEN', message: "This token's scopes deny me:Read", path: ['me'] }]);
    });

    it('condition not met: me:Read if role = administrator refuses the agent and answers the administrator', async () => {
      const scopes = [{ actions: ['me:Read'], conditions: ['account = wdc', 'role = administrator'] }];
      expect(refusal(await me((await oauthTokenWith(scopes, { email: demo.agent.email })).token))).toEqual(notAllowed);
      expect((await me((await oauthTokenWith(scopes)).token)).data).toEqual({ me: { name: 'Alice Admin' } });
    });

    it('scope removed: a token kept in the access cache is refused (UNAUTHORIZED, authorize again) at once when its integration loses me:Read', async () => {
      const { token, application } = await oauthTokenWith([{ actions: ['me:Read', 'request:Read'] }]);
      await answeredFromCache(token);

      // What the integration scope use cases do in one transaction: change the scope, revoke the authorizations.
      await test.db.transaction(async (trx) => {
        await trx('integration_scopes').where({ id: application.scopeIds[0] }).update({ actions: ['request:Read'] });
        await trx('integrations').where({ id: application.integrationId }).update({ authorizations_revoked_at: trx.raw('clock_timestamp()') });
      });
      const { answer, waitedMs } = await meUntilRefused(token);
      expect(waitedMs).toBeLessThan(1000);
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    });
  });
});
