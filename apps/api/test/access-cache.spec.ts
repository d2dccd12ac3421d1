/**
 * Issue 7 item 5: the access cache of every replica drops a caller within one
 * second of a change in the database. Two real api processes (apps/api/src/main.ts,
 * as `npm start` runs it) share one test database; the changes are plain SQL, as
 * an operator or another app would make them.
 */
import { generatePersonalAccessToken, hashToken } from '@tessera/domain';
import { insertPersonalAccessToken, seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, insertTestOAuthApplication, mintOAuthAccessToken, type TestDatabase } from '@tessera/persistence/testing';
import { startApiProcess } from './support/api-process.js';

interface ApiProcess {
  me(token: string): Promise<{ status: number; roles?: string[] }>;
  stop(): Promise<unknown>;
}

async function startApi(databaseUrl: string): Promise<ApiProcess> {
  const api = await startApiProcess(databaseUrl);
  return {
    async me(token) {
      const res = await fetch(`${api.url}/v1/me`, { headers: { authorization: `Bearer ${token}`, 'x-service-account': 'wdc' } });
      const body = (await res.json()) as { roles?: string[] };
      return { status: res.status, ...(body.roles ? { roles: body.roles } : {}) };
    },
    stop: () => api.stop(),
  };
}

/** Polls until `check` holds on every replica; resolves with the time it took. */
async function onEveryReplica(replicas: ApiProcess[], check: (replica: ApiProcess) => Promise<boolean>, timeoutMs = 1000): Promise<number> {
  const start = Date.now();
  for (const replica of replicas) {
    while (!(await check(replica))) {
      if (Date.now() - start > timeoutMs) throw new Error(`not seen on every replica within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return Date.now() - start;
}

describe('access cache across replicas — two api processes, one database', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let replicas: ApiProcess[] = [];

  async function tokenFor(email: string): Promise<string> {
    const person = await test.db('people').where({ primary_email: email }).first('id');
    const token = generatePersonalAccessToken();
    await insertPersonalAccessToken(test.db, { personId: person.id, name: 'access cache', tokenHash: hashToken(token), scopes: ['*:*'], expiresAt: null });
    return token;
  }
  const personId = async (email: string): Promise<number> => (await test.db('people').where({ primary_email: email }).first('id')).id;

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    replicas = await Promise.all([startApi(test.url), startApi(test.url)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await test.drop();
  });

  it('answers GET /v1/me on both replicas from memory, then refuses the token on both within one second of its revocation', async () => {
    const token = await tokenFor(demo.admin.email);
    const before = await Promise.all(replicas.map((replica) => replica.me(token)));
    expect(before.map((answer) => answer.status)).toEqual([200, 200]);
    expect(before[0]!.roles).not.toContain('auditor');

    // A role given with triggers off sends no notification: both replicas still show the cached roles.
    await test.db.transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      await trx('person_roles').insert({ person_id: await personId(demo.admin.email), account_id: demo.account, role: 'auditor' });
    });
    for (const replica of replicas) expect((await replica.me(token)).roles).toEqual(before[0]!.roles);

    await test.db('personal_access_tokens').where({ token_hash: hashToken(token) }).update({ revoked_at: test.db.fn.now() });
    expect(await onEveryReplica(replicas, async (replica) => (await replica.me(token)).status === 401)).toBeLessThan(1000);
  });

  it('refuses an OAuth access token on both replicas within one second of its grant being revoked, keeping another grant', async () => {
    const application = await insertTestOAuthApplication(test.db, { scopes: [{ actions: ['me:Read'] }] });
    const mint = async () => mintOAuthAccessToken(test.db, { personId: await personId(demo.admin.email), clientId: application.clientId });
    const revoked = await mint();
    const kept = await mint();
    for (const replica of replicas) {
      expect((await replica.me(revoked.token)).status).toBe(200);
      expect((await replica.me(kept.token)).status).toBe(200);
    }
    // As the adapter's revokeByGrantId does it: every artifact of the grant in one statement.
    await test.db('oauth_artifacts').where({ grant_id: revoked.grantId }).delete();
    expect(await onEveryReplica(replicas, async (replica) => (await replica.me(revoked.token)).status === 401)).toBeLessThan(1000);
    for (const replica of replicas) expect((await replica.me(kept.token)).status).toBe(200);
  });

  it('shows the roles left on both replicas within one second of a role removal', async () => {
    const token = await tokenFor(demo.admin.email);
    for (const replica of replicas) expect((await replica.me(token)).roles).toContain('administrator');
    await test.db('person_roles').where({ person_id: await personId(demo.admin.email), account_id: demo.account, role: 'administrator' }).delete();
    const took = await onEveryReplica(replicas, async (replica) => !(await replica.me(token)).roles?.includes('administrator'));
    expect(took).toBeLessThan(1000);
  });

  it('refuses every token of a person disabled in the database, on both replicas within one second', async () => {
    const token = await tokenFor(demo.agent.email);
    for (const replica of replicas) expect((await replica.me(token)).status).toBe(200);
    await test.db('people').where({ primary_email: demo.agent.email }).update({ disabled: true });
    expect(await onEveryReplica(replicas, async (replica) => (await replica.me(demo.agent.token)).status === 401 && (await replica.me(token)).status === 401)).toBeLessThan(1000);
  });

  it('records the last use of a token in a later batch, not while answering', async () => {
    const token = await tokenFor(demo.admin.email);
    const lastUsed = async () => (await test.db('personal_access_tokens').where({ token_hash: hashToken(token) }).first('last_used_at')).last_used_at as Date | null;
    for (const replica of replicas) expect((await replica.me(token)).status).toBe(200);
    expect(await lastUsed()).toBeNull();
    const start = Date.now();
    while (!(await lastUsed())) {
      if (Date.now() - start > 10_000) throw new Error('last use not written within two flushes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
