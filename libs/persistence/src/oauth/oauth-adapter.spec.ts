import { createDatabase, type Database } from '../database.js';
import { oauthArtifactsDatabase, sha256 } from '../testing/oauth-artifacts-database.js';
import { createOAuthAdapter } from './oauth-adapter.js';
import { OAuthArtifactConsumedError } from './oauth-artifact-consumed-error.js';

const epoch = () => Math.floor(Date.now() / 1000);

const oauth = oauthArtifactsDatabase();

let counter = 0;
const unique = (prefix: string) => `${prefix}-${(counter += 1)}-${Math.random().toString(36).slice(2)}`;

function accessToken(grantId: string, overrides: Record<string, unknown> = {}) {
  const iat = epoch();
  return { iat, exp: iat + 3600, kind: 'AccessToken', accountId: '42', clientId: 'client-a', grantId, scope: 'request:Read', sessionUid: 'session-uid', ...overrides };
}

async function rowOf(model: string, id: string) {
  return oauth.test.db('oauth_artifacts').where({ model, id_hash: sha256(id) }).first();
}

describe('OAuth adapter — upsert and find', () => {
  it('finds what it stored, with the id back as jti, under the SHA-256 of the id', async () => {
    const id = unique('at');
    const adapter = new oauth.Adapter('AccessToken');
    await adapter.upsert(id, { jti: id, ...accessToken('grant-1') }, 3600);

    expect(await adapter.find(id)).toEqual({ jti: id, ...accessToken('grant-1', { iat: expect.any(Number), exp: expect.any(Number) }) });
    const row = await rowOf('AccessToken', id);
    expect(row).toMatchObject({ grant_id: 'grant-1', account_id: '42', client_id: 'client-a', consumed_at: null, uid_hash: null });
    expect(row.payload).not.toHaveProperty('jti');
    const secondsLeft = (row.expires_at.getTime() - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(3590);
    expect(secondsLeft).toBeLessThanOrEqual(3601);
  });

  it('finds nothing for an unknown id, nor for the same id under another model', async () => {
    const id = unique('at');
    await new oauth.Adapter('AccessToken').upsert(id, accessToken('grant-1'), 3600);
    expect(await new oauth.Adapter('AccessToken').find(unique('other'))).toBeUndefined();
    expect(await new oauth.Adapter('RefreshToken').find(id)).toBeUndefined();
  });

  it('replaces the payload and columns on a second upsert of the same id', async () => {
    const id = unique('grant');
    const adapter = new oauth.Adapter('Grant');
    await adapter.upsert(id, { accountId: '42', clientId: 'client-a', openid: { scope: 'request:Read' } }, 600);
    await adapter.upsert(id, { accountId: '42', clientId: 'client-a', openid: { scope: 'request:Read request:Update' } }, 1200);

    expect(await adapter.find(id)).toEqual({ jti: id, accountId: '42', clientId: 'client-a', openid: { scope: 'request:Read request:Update' } });
    expect(await oauth.test.db('oauth_artifacts').where({ model: 'Grant', id_hash: sha256(id) }).count({ n: '*' })).toEqual([{ n: 1 }]);
    // A grant row names itself, so a person's grants lead to their tokens.
    expect((await rowOf('Grant', id)).grant_id).toBe(id);
  });

  it('keeps rows without expiresIn forever (expires_at null)', async () => {
    const id = unique('grant');
    await new oauth.Adapter('Grant').upsert(id, { accountId: '7', clientId: 'client-a' });
    expect((await rowOf('Grant', id)).expires_at).toBeNull();
    expect(await new oauth.Adapter('Grant').find(id)).toMatchObject({ jti: id, accountId: '7' });
  });

  it('does not find an expired row', async () => {
    const id = unique('code');
    const adapter = new oauth.Adapter('AuthorizationCode');
    await adapter.upsert(id, { accountId: '42', clientId: 'client-a', grantId: 'g' }, 600);
    await oauth.test.db('oauth_artifacts').where({ id_hash: sha256(id) }).update({ expires_at: oauth.test.db.raw("now() - interval '1 second'") });
    expect(await adapter.find(id)).toBeUndefined();
  });
});

describe('OAuth adapter — findByUid and findByUserCode', () => {
  it('finds a Session by its uid, stored as a digest, without the session id', async () => {
    const id = unique('session');
    const uid = unique('uid');
    const adapter = new oauth.Adapter('Session');
    await adapter.upsert(id, { jti: id, uid, accountId: '42', loginTs: epoch(), exp: epoch() + 600, kind: 'Session' }, 600);

    const found = await adapter.findByUid(uid);
    expect(found).toMatchObject({ uid, accountId: '42', kind: 'Session' });
    expect(found).not.toHaveProperty('jti');
    expect((await rowOf('Session', id)).uid_hash).toBe(sha256(uid));
    expect(await adapter.findByUid(unique('uid'))).toBeUndefined();
  });

  it('finds a DeviceCode by its user code, stored as a digest', async () => {
    const id = unique('device');
    const adapter = new oauth.Adapter('DeviceCode');
    await adapter.upsert(id, { userCode: 'ABCD-EFGH', clientId: 'client-a', grantId: 'g-device' }, 600);
    expect(await adapter.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH', clientId: 'client-a' });
    expect((await rowOf('DeviceCode', id)).user_code_hash).toBe(sha256('ABCD-EFGH'));
    expect(await adapter.findByUserCode('ZZZZ-ZZZZ')).toBeUndefined();
  });
});

describe('OAuth adapter — consume', () => {
  it('marks the artifact consumed; find then reports consumed in epoch seconds', async () => {
    const id = unique('code');
    const adapter = new oauth.Adapter('AuthorizationCode');
    await adapter.upsert(id, { accountId: '42', clientId: 'client-a', grantId: 'g' }, 600);
    expect(await adapter.find(id)).not.toHaveProperty('consumed');

    const before = epoch();
    await adapter.consume(id);
    const { consumed } = (await adapter.find(id))!;
    expect(Number.isInteger(consumed)).toBe(true);
    expect(consumed).toBeGreaterThanOrEqual(before - 1);
    expect(consumed).toBeLessThanOrEqual(epoch());
    expect((await rowOf('AuthorizationCode', id)).payload).not.toHaveProperty('consumed');
  });

  it('refuses a second consume, and a consume of an unknown or expired artifact, with OAuthArtifactConsumedError', async () => {
    const adapter = new oauth.Adapter('AuthorizationCode');
    const id = unique('code');
    await adapter.upsert(id, { clientId: 'client-a', grantId: 'g' }, 600);
    await adapter.consume(id);
    await expect(adapter.consume(id)).rejects.toBeInstanceOf(OAuthArtifactConsumedError);
    await expect(adapter.consume(unique('code'))).rejects.toThrow('AuthorizationCode already consumed');

    const expired = unique('code');
    await adapter.upsert(expired, { clientId: 'client-a', grantId: 'g' }, 600);
    await oauth.test.db('oauth_artifacts').where({ id_hash: sha256(expired) }).update({ expires_at: oauth.test.db.raw("now() - interval '1 second'") });
    await expect(adapter.consume(expired)).rejects.toBeInstanceOf(OAuthArtifactConsumedError);
  });

  it('keeps the consumed mark when oidc-provider saves a consumed artifact again', async () => {
    const adapter = new oauth.Adapter('RefreshToken');
    const id = unique('rt');
    await adapter.upsert(id, { clientId: 'client-a', grantId: 'g' }, 600);
    await adapter.consume(id);
    const found = (await adapter.find(id))!;
    await adapter.upsert(id, found, 600);
    expect((await adapter.find(id))!.consumed).toBe(found.consumed);
    await expect(adapter.consume(id)).rejects.toBeInstanceOf(OAuthArtifactConsumedError);
  });

  it('lets exactly one of three simultaneous consumes of one code win, across three pools', async () => {
    const pools: Database[] = [1, 2, 3].map(() => createDatabase({ url: oauth.test.url, poolMax: 1 }));
    try {
      for (let round = 0; round < 5; round += 1) {
        const id = unique('code');
        await new oauth.Adapter('AuthorizationCode').upsert(id, { clientId: 'client-a', grantId: 'g' }, 600);
        const outcomes = await Promise.allSettled(pools.map((db) => new (createOAuthAdapter(db))('AuthorizationCode').consume(id)));
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const losers = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        expect(losers.map((loser) => loser.reason)).toEqual([expect.any(OAuthArtifactConsumedError), expect.any(OAuthArtifactConsumedError)]);
      }
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });
});

describe('OAuth adapter — destroy and revokeByGrantId', () => {
  it('destroys one artifact only', async () => {
    const adapter = new oauth.Adapter('AccessToken');
    const [gone, kept] = [unique('at'), unique('at')];
    await adapter.upsert(gone, accessToken('g'), 3600);
    await adapter.upsert(kept, accessToken('g'), 3600);
    await adapter.destroy(gone);
    expect(await adapter.find(gone)).toBeUndefined();
    expect(await adapter.find(kept)).toBeDefined();
    await expect(adapter.destroy(unique('at'))).resolves.toBeUndefined();
  });

  it("removes the access and refresh tokens and codes of that grant only, leaving the grant, the session and other grants' tokens", async () => {
    const [revoked, other] = [unique('grant'), unique('grant')];
    const ids = { at: unique('at'), rt: unique('rt'), code: unique('code'), otherAt: unique('at'), otherRt: unique('rt'), session: unique('session') };
    await new oauth.Adapter('Grant').upsert(revoked, { accountId: '42', clientId: 'client-a' }, 3600);
    await new oauth.Adapter('AccessToken').upsert(ids.at, accessToken(revoked), 3600);
    await new oauth.Adapter('RefreshToken').upsert(ids.rt, accessToken(revoked), 3600);
    await new oauth.Adapter('AuthorizationCode').upsert(ids.code, accessToken(revoked), 600);
    await new oauth.Adapter('AccessToken').upsert(ids.otherAt, accessToken(other), 3600);
    await new oauth.Adapter('RefreshToken').upsert(ids.otherRt, accessToken(other), 3600);
    await new oauth.Adapter('Session').upsert(ids.session, { uid: unique('uid'), accountId: '42', authorizations: { 'client-a': { grantId: revoked } } }, 3600);

    await new oauth.Adapter('AccessToken').revokeByGrantId(revoked);

    expect(await new oauth.Adapter('AccessToken').find(ids.at)).toBeUndefined();
    expect(await new oauth.Adapter('RefreshToken').find(ids.rt)).toBeUndefined();
    expect(await new oauth.Adapter('AuthorizationCode').find(ids.code)).toBeUndefined();
    expect(await new oauth.Adapter('AccessToken').find(ids.otherAt)).toMatchObject({ grantId: other });
    expect(await new oauth.Adapter('RefreshToken').find(ids.otherRt)).toMatchObject({ grantId: other });
    expect(await new oauth.Adapter('Grant').find(revoked)).toMatchObject({ accountId: '42' });
    expect(await new oauth.Adapter('Session').find(ids.session)).toMatchObject({ accountId: '42' });
  });
});

describe('OAuth adapter — a dump of the table holds no credential', () => {
  it('contains neither token and code values nor the session id', async () => {
    const secrets = { session: unique('SESSIONID'), at: unique('ACCESSTOKEN'), rt: unique('REFRESHTOKEN'), code: unique('AUTHCODE'), interaction: unique('INTERACTION') };
    const grantId = unique('grant');
    const uid = unique('uid');
    await new oauth.Adapter('Session').upsert(secrets.session, { jti: secrets.session, uid, accountId: '42', kind: 'Session' }, 3600);
    await new oauth.Adapter('Interaction').upsert(
      secrets.interaction,
      { jti: secrets.interaction, kind: 'Interaction', session: { accountId: '42', uid, cookie: secrets.session }, params: { client_id: 'client-a' }, grantId },
      3600,
    );
    await new oauth.Adapter('AuthorizationCode').upsert(secrets.code, { jti: secrets.code, ...accessToken(grantId), kind: 'AuthorizationCode' }, 600);
    await new oauth.Adapter('AccessToken').upsert(secrets.at, { jti: secrets.at, ...accessToken(grantId) }, 3600);
    await new oauth.Adapter('RefreshToken').upsert(secrets.rt, { jti: secrets.rt, ...accessToken(grantId), kind: 'RefreshToken' }, 3600);

    const dump = JSON.stringify(await oauth.test.db.raw('select * from oauth_artifacts'));
    expect(dump).toContain(grantId);
    for (const secret of Object.values(secrets)) expect(dump).not.toContain(secret);
    // The interaction is still usable without the cookie copy.
    expect(await new oauth.Adapter('Interaction').find(secrets.interaction)).toMatchObject({ session: { accountId: '42', uid }, grantId });
  });
});
