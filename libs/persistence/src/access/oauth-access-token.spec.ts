/**
 * The OAuth access token lookup and the notifications of migration 20261122000013,
 * with the domain's decision on what the lookup read (`tokenRefusal`, which
 * `resolveAccess` applies),
 * on the demo's application (`wdc`, integration "Monitoring bridge": allow
 * me:Read and request:Read/Create/Update, deny request:Delete).
 */
import pg from 'pg';
import { hashToken, tokenRefusal, tokenScopes } from '@tessera/domain';
import { seedDemoData, type DemoSeedResult } from '../seed/demo-seed.js';
import { createTestDatabase, mintOAuthAccessToken, type TestDatabase } from '../testing/index.js';
import { lookupBearerToken } from './access.repository.js';
import { lookupOAuthAccessToken } from './oauth-access-token.repository.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('OAuth access tokens — lookup and change notifications', () => {
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let personId: number;
  let feed: pg.Client;
  const messages: unknown[] = [];
  const mint = (scope?: string, changes: { issuedAt?: Date; expiresInSeconds?: number } = {}) =>
    mintOAuthAccessToken(test.db, { personId, clientId: demo.oauth_client.client_id, ...(scope === undefined ? {} : { scope }), ...changes });
  const lookup = (token: string, account: string | null = 'wdc') => lookupOAuthAccessToken(test.db, hashToken(token), account);
  /** Why the token is refused now, from what the lookup read (null: usable). */
  const refusal = async (token: string) => tokenRefusal(await lookup(token), new Date());

  beforeAll(async () => {
    test = await createTestDatabase();
    demo = await seedDemoData(test.db);
    personId = (await test.db('people').where({ primary_email: demo.admin.email }).first('id')).id;
    feed = new pg.Client({ connectionString: test.url });
    await feed.connect();
    feed.on('notification', (message) => messages.push(JSON.parse(message.payload ?? '')));
    await feed.query('listen tessera_access');
  });
  afterAll(async () => {
    await feed.end();
    await test.drop();
  });
  beforeEach(async () => {
    await test.db('integrations').where({ id: demo.integration_id }).update({ disabled: false, authorizations_revoked_at: null });
    await test.db('oauth_applications').where({ client_id: demo.oauth_client.client_id }).update({ disabled: false });
    await settle();
    messages.length = 0;
  });

  describe('lookup', () => {
    it('finds the token with its person, application and the integration scopes narrowed to its scope', async () => {
      const { token, grantId } = await mint('request:Read request:Delete');
      const found = await lookup(token);
      expect(found).toMatchObject({
        grant: {
          kind: 'oauth', clientId: demo.oauth_client.client_id, oauth: { accountId: 'wdc', grantId, applicationDisabled: false, integration: { disabled: false, revokedAt: null } },
          revokedAt: null, lastUsedAt: null,
          person: { id: personId, accountId: 'wdc', disabled: false },
        },
        account: { id: 'wdc' },
        roles: ['administrator', 'agent'],
      });
      expect(found!.grant.scopes).toEqual(tokenScopes(['request:Read', 'deny request:Delete']));
      expect(found!.grant.expiresAt!.getTime() - Date.now()).toBeGreaterThan(3_500_000);
      expect(tokenRefusal(found, new Date())).toBeNull();
    });

    it('applies the integration scopes whole to a token that names none, and is what the bearer lookup finds', async () => {
      const { token } = await mint();
      const found = await lookupBearerToken(test.db, hashToken(token), 'wdc');
      expect(found!.grant.scopes).toEqual(tokenScopes(['me:Read, request:Read, request:Create, request:Update', 'deny request:Delete']));
    });

    it('finds nothing for an unknown or consumed token, nor for one whose grant is gone', async () => {
      expect(await lookup('no-such-token-value-at-all')).toBeNull();
      const consumed = await mint('request:Read');
      await test.db('oauth_artifacts').where({ model: 'AccessToken', id_hash: hashToken(consumed.token) }).update({ consumed_at: test.db.fn.now() });
      expect(await lookup(consumed.token)).toBeNull();
      const orphan = await mint('request:Read');
      await test.db('oauth_artifacts').where({ model: 'Grant', grant_id: orphan.grantId }).delete();
      expect(await lookup(orphan.token)).toBeNull();
    });

    it('reads an expired token as it is stored, and it is refused as expired', async () => {
      const expired = await mint('request:Read', { issuedAt: new Date(Date.now() - 7200_000) });
      expect((await lookup(expired.token))!.grant.expiresAt!.getTime()).toBeLessThan(Date.now());
      expect(await refusal(expired.token)).toBe('expired');
    });

    it('is refused while the application or the integration is disabled, or after the authorizations were revoked', async () => {
      const { token } = await mint('request:Read');
      await test.db('oauth_applications').where({ client_id: demo.oauth_client.client_id }).update({ disabled: true });
      expect(await refusal(token)).toBe('application_disabled');
      await test.db('oauth_applications').where({ client_id: demo.oauth_client.client_id }).update({ disabled: false });
      await test.db('integrations').where({ id: demo.integration_id }).update({ disabled: true });
      expect(await refusal(token)).toBe('integration_disabled');
      await test.db('integrations').where({ id: demo.integration_id }).update({ disabled: false, authorizations_revoked_at: test.db.raw('clock_timestamp()') });
      expect(await refusal(token)).toBe('authorization_revoked');
      // Issued after the revocation: consented to anew.
      const later = await mint('request:Read', { issuedAt: new Date(Date.now() + 2000) });
      expect(await refusal(later.token)).toBeNull();
    });
  });

  describe('issue times against a revocation, to the microsecond (issue 18 item 12)', () => {
    /** Sets the integration's revocation relative to a row's creation, in SQL: no JavaScript Date (milliseconds) in between. */
    const revokeAt = (model: 'Grant' | 'AccessToken', hash: string, offset: string) =>
      test.db.raw(
        `update integrations set authorizations_revoked_at = (select created_at + ?::interval from oauth_artifacts where model = ? and id_hash = ?) where id = ?`,
        [offset, model, hash, demo.integration_id],
      );

    it('accepts a token whose grant was saved a microsecond after the revocation, in the same second', async () => {
      const { token, grantId } = await mint('request:Read');
      await revokeAt('Grant', hashToken(grantId), '-1 microsecond');
      expect(await refusal(token)).toBeNull();
    });

    it('refuses a token whose grant was saved a microsecond before the revocation, and one issued a microsecond before it', async () => {
      const { token, grantId } = await mint('request:Read');
      await revokeAt('Grant', hashToken(grantId), '1 microsecond');
      expect(await refusal(token)).toBe('authorization_revoked');
      await revokeAt('AccessToken', hashToken(token), '1 microsecond');
      expect(await refusal(token)).toBe('authorization_revoked');
      await revokeAt('AccessToken', hashToken(token), '0 microseconds');
      expect(await refusal(token)).toBe('authorization_revoked');
    });
  });

  describe('notifications', () => {
    it('names the grant when its access token is deleted, and each grant once when all of a grant’s rows go', async () => {
      const first = await mint('request:Read');
      const second = await mint('request:Read', {});
      await test.db('oauth_artifacts').where({ model: 'AccessToken', id_hash: hashToken(first.token) }).delete();
      await test.db('oauth_artifacts').where({ grant_id: second.grantId }).delete();
      await settle();
      expect(messages).toEqual([{ kind: 'oauth_grant', ids: [first.grantId] }, { kind: 'oauth_grant', ids: [second.grantId] }]);
    });

    it('names the grant when its row is consumed or saved again', async () => {
      const { grantId } = await mint('request:Read');
      await test.db('oauth_artifacts').where({ model: 'Grant', grant_id: grantId }).update({ consumed_at: test.db.fn.now() });
      await test.db('oauth_artifacts').where({ model: 'Grant', grant_id: grantId }).update({ payload: test.db.raw(`payload || '{"resources":{}}'`) });
      await settle();
      expect(messages).toEqual([{ kind: 'oauth_grant', ids: [grantId] }, { kind: 'oauth_grant', ids: [grantId] }]);
    });

    it('says nothing for new rows, for other models, for an update that changes nothing, nor for rows deleted after their expiry', async () => {
      const { grantId } = await mint('request:Read');
      await test.db('oauth_artifacts').insert({ model: 'AuthorizationCode', id_hash: hashToken(`code-${grantId}`), grant_id: grantId, payload: {} });
      await test.db('oauth_artifacts').where({ model: 'AuthorizationCode', grant_id: grantId }).update({ consumed_at: test.db.fn.now() });
      await test.db('oauth_artifacts').where({ model: 'Grant', grant_id: grantId }).update({ payload: test.db.raw('payload') });
      const expired = await mint('request:Read', { issuedAt: new Date(Date.now() - 7200_000) });
      await test.db('oauth_artifacts').where({ model: 'AccessToken', grant_id: expired.grantId }).delete();
      await settle();
      expect(messages).toEqual([]);
    });

    it('drops everything for a truncate', async () => {
      await test.db.raw('truncate oauth_artifacts');
      await settle();
      expect(messages).toEqual([{ kind: 'all' }]);
    });
  });
});
