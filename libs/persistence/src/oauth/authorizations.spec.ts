import { oauthArtifactsDatabase, sha256 } from '../testing/oauth-artifacts-database.js';
import { findGrantFor, listAuthorizationsOf, revokeAuthorization } from './authorizations.js';

const oauth = oauthArtifactsDatabase();
beforeAll(async () => {
  await oauth.test.db('accounts').insert({ id: 'oauth-acc', name: 'OAuth account' });
  const [integration] = await oauth.test.db('integrations').insert({ account_id: 'oauth-acc', name: 'Reporting' }).returning('id');
  await oauth.test.db('oauth_applications').insert({
    account_id: 'oauth-acc', integration_id: integration.id, name: 'Report Builder', client_id: 'client-a', client_secret_hash: sha256('s'), redirect_uris: ['https://a.example/cb'],
  });
});
beforeEach(() => oauth.test.db('oauth_artifacts').delete());

const grant = (id: string, accountId: string, clientId: string, scope: string, expiresIn: number | undefined = 3600) =>
  new oauth.Adapter('Grant').upsert(id, { accountId, clientId, openid: { scope }, kind: 'Grant' }, expiresIn);
const token = (model: string, id: string, grantId: string, accountId = '42', clientId = 'client-a') =>
  new oauth.Adapter(model).upsert(id, { accountId, clientId, grantId, scope: 'request:Read' }, 3600);
const setCreated = (id: string, at: string) => oauth.test.db('oauth_artifacts').where({ id_hash: sha256(id) }).update({ created_at: at });

describe('findGrantFor', () => {
  it("finds the person's newest live grant for the application, not another person's or application's, nor an expired one", async () => {
    await grant('old', '42', 'client-a', 'request:Read');
    await grant('new', '42', 'client-a', 'request:Read request:Update');
    await grant('expired', '42', 'client-a', 'request:Delete');
    await grant('other-person', '43', 'client-a', 'request:Read');
    await grant('other-app', '42', 'client-b', 'request:Read');
    await setCreated('old', '2026-01-01T00:00:00Z');
    await setCreated('new', '2026-02-01T00:00:00Z');
    await setCreated('expired', '2026-03-01T00:00:00Z');
    await oauth.test.db('oauth_artifacts').where({ id_hash: sha256('expired') }).update({ expires_at: oauth.test.db.raw("now() - interval '1 second'") });

    expect(await findGrantFor(oauth.test.db, 42, 'client-a')).toEqual({
      grantId: 'new',
      payload: { accountId: '42', clientId: 'client-a', openid: { scope: 'request:Read request:Update' }, kind: 'Grant' },
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    expect(await findGrantFor(oauth.test.db, '44', 'client-a')).toBeUndefined();
  });
});

describe('listAuthorizationsOf', () => {
  it('lists one authorization per application (its newest live grant) with name, scopes and date, newest first', async () => {
    await grant('a-old', '42', 'client-a', 'request:Read');
    await grant('a-new', '42', 'client-a', 'request:Read request:Update');
    await new oauth.Adapter('Grant').upsert('b', { accountId: '42', clientId: 'client-b', resources: { 'https://api.example': 'person:Read' } }, 3600);
    await grant('other-person', '43', 'client-a', 'request:Read');
    await setCreated('a-old', '2026-01-01T00:00:00Z');
    await setCreated('a-new', '2026-02-01T00:00:00Z');
    await setCreated('b', '2026-01-15T00:00:00Z');

    expect(await listAuthorizationsOf(oauth.test.db, 42)).toEqual([
      { clientId: 'client-a', applicationName: 'Report Builder', scope: 'request:Read request:Update', grantId: 'a-new', createdAt: new Date('2026-02-01T00:00:00Z') },
      { clientId: 'client-b', applicationName: null, scope: 'person:Read', grantId: 'b', createdAt: new Date('2026-01-15T00:00:00Z') },
    ]);
    expect(await listAuthorizationsOf(oauth.test.db, 99)).toEqual([]);
  });
});

describe('revokeAuthorization', () => {
  it("deletes the person's grants for the application and every code and token under them, and nothing else", async () => {
    await grant('g1', '42', 'client-a', 'request:Read');
    await grant('g2', '42', 'client-a', 'request:Read');
    await token('AccessToken', 'at1', 'g1');
    await token('RefreshToken', 'rt1', 'g1');
    await token('AuthorizationCode', 'code2', 'g2');
    await token('AccessToken', 'orphan', 'grant-row-gone');
    await new oauth.Adapter('Interaction').upsert('interaction', { grantId: 'g1', session: { accountId: '42' } }, 600);
    // Kept: another person's grant for the same application, the same person's grant for another one, the session.
    await grant('other-person', '43', 'client-a', 'request:Read');
    await token('AccessToken', 'other-person-at', 'other-person', '43');
    await grant('other-app', '42', 'client-b', 'request:Read');
    await token('AccessToken', 'other-app-at', 'other-app', '42', 'client-b');
    await new oauth.Adapter('Session').upsert('session', { uid: 'u', accountId: '42' }, 600);

    const revoked = await revokeAuthorization(oauth.test.db, 42, 'client-a');

    expect(revoked.deleted).toBe(7);
    expect(revoked.accessTokenHashes.sort()).toEqual([sha256('at1'), sha256('orphan')].sort());
    const left = (await oauth.test.db('oauth_artifacts').select('id_hash')).map((row: { id_hash: string }) => row.id_hash).sort();
    expect(left).toEqual(['other-person', 'other-person-at', 'other-app', 'other-app-at', 'session'].map(sha256).sort());
    expect(await findGrantFor(oauth.test.db, 42, 'client-a')).toBeUndefined();
    expect(await revokeAuthorization(oauth.test.db, 42, 'client-a')).toEqual({ deleted: 0, accessTokenHashes: [] });
  });
});
