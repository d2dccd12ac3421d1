import { oauthAccessTokenValidity, type StoredOAuthAccessToken } from './oauth-access-token.js';

const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => at(iso).getTime() / 1000;
const micros = (iso: string, extra = 0) => at(iso).getTime() * 1000 + extra;

function stored(changes: Partial<StoredOAuthAccessToken> = {}): StoredOAuthAccessToken {
  return {
    payload: { iat: seconds('2026-11-22T10:00:00Z'), exp: seconds('2026-11-22T11:00:00Z'), scope: 'request:Read' },
    issuedAt: micros('2026-11-22T10:00:00Z'),
    grantIssuedAt: micros('2026-11-22T09:00:00Z'),
    expiresAt: at('2026-11-22T11:00:00Z'),
    grantExpiresAt: at('2026-12-06T09:00:00Z'),
    applicationDisabled: false,
    integration: { disabled: false, revokedAt: null },
    ...changes,
  };
}

describe('oauthAccessTokenValidity', () => {
  it('accepts a current token of an enabled application and integration, expiring with its exp', () => {
    expect(oauthAccessTokenValidity(stored())).toEqual({ usable: true, expiresAt: at('2026-11-22T11:00:00Z') });
  });

  it('refuses a token of a disabled application or integration', () => {
    expect(oauthAccessTokenValidity(stored({ applicationDisabled: true })).usable).toBe(false);
    expect(oauthAccessTokenValidity(stored({ integration: { disabled: true, revokedAt: null } })).usable).toBe(false);
  });

  it('refuses a token issued at or before the integration revoked its authorizations, and accepts one issued after', () => {
    const revokedAt = (iso: string, extra = 0) => stored({ integration: { disabled: false, revokedAt: micros(iso, extra) } });
    expect(oauthAccessTokenValidity(revokedAt('2026-11-22T10:00:00Z')).usable).toBe(false);
    expect(oauthAccessTokenValidity(revokedAt('2026-11-22T10:30:00Z')).usable).toBe(false);
    expect(oauthAccessTokenValidity(revokedAt('2026-11-22T08:00:00Z')).usable).toBe(true);
    // To the microsecond: the grant stored 1 µs after the revocation, in its own second.
    const grantAfter = stored({ grantIssuedAt: micros('2026-11-22T09:00:00.250Z', 1), integration: { disabled: false, revokedAt: micros('2026-11-22T09:00:00.250Z') } });
    expect(oauthAccessTokenValidity(grantAfter).usable).toBe(true);
  });

  it('refuses a new token of a grant issued before the revocation', () => {
    const token = stored({ integration: { disabled: false, revokedAt: micros('2026-11-22T09:30:00Z') } });
    expect(oauthAccessTokenValidity(token).usable).toBe(false);
  });

  it('refuses a token without an issue time, and sender-constrained tokens', () => {
    expect(oauthAccessTokenValidity(stored({ issuedAt: null })).usable).toBe(false);
    expect(oauthAccessTokenValidity(stored({ grantIssuedAt: null })).usable).toBe(false);
    expect(oauthAccessTokenValidity(stored({ payload: { ...stored().payload, jkt: 'thumbprint' } })).usable).toBe(false);
    expect(oauthAccessTokenValidity(stored({ payload: { ...stored().payload, 'x5t#S256': 'thumbprint' } })).usable).toBe(false);
  });

  it('expires with its grant when the grant ends first', () => {
    expect(oauthAccessTokenValidity(stored({ grantExpiresAt: at('2026-11-22T10:30:00Z') })).expiresAt).toEqual(at('2026-11-22T10:30:00Z'));
  });
});
