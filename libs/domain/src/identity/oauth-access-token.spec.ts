import { oauthAccessTokenValidity, type StoredOAuthAccessToken } from './oauth-access-token.js';

const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => at(iso).getTime() / 1000;

function stored(changes: Partial<StoredOAuthAccessToken> = {}): StoredOAuthAccessToken {
  return {
    payload: { iat: seconds('2026-11-22T10:00:00Z'), exp: seconds('2026-11-22T11:00:00Z'), scope: 'request:Read' },
    grantIssuedAt: seconds('2026-11-22T09:00:00Z'),
    expiresAt: at('2026-11-22T11:00:00Z'),
    grantExpiresAt: at('2026-12-06T09:00:00Z'),
    applicationDisabled: false,
    integration: { disabled: false, authorizations_revoked_at: null },
    ...changes,
  };
}

describe('oauthAccessTokenValidity', () => {
  it('accepts a current token of an enabled application and integration, expiring with its exp', () => {
    expect(oauthAccessTokenValidity(stored())).toEqual({ usable: true, expiresAt: at('2026-11-22T11:00:00Z') });
  });

  it('refuses a token of a disabled application or integration', () => {
    expect(oauthAccessTokenValidity(stored({ applicationDisabled: true })).usable).toBe(false);
    expect(oauthAccessTokenValidity(stored({ integration: { disabled: true, authorizations_revoked_at: null } })).usable).toBe(false);
  });

  it('refuses a token issued at or before the integration revoked its authorizations, and accepts one issued after', () => {
    const revokedAt = (iso: string) => stored({ integration: { disabled: false, authorizations_revoked_at: at(iso) } });
    expect(oauthAccessTokenValidity(revokedAt('2026-11-22T10:00:00Z')).usable).toBe(false);
    expect(oauthAccessTokenValidity(revokedAt('2026-11-22T10:30:00Z')).usable).toBe(false);
    expect(oauthAccessTokenValidity(revokedAt('2026-11-22T08:00:00Z')).usable).toBe(true);
  });

  it('refuses a new token of a grant issued before the revocation', () => {
    const token = stored({ integration: { disabled: false, authorizations_revoked_at: at('2026-11-22T09:30:00Z') } });
    expect(oauthAccessTokenValidity(token).usable).toBe(false);
  });

  it('refuses a token without an issue time, and sender-constrained tokens', () => {
    expect(oauthAccessTokenValidity(stored({ payload: { exp: seconds('2026-11-22T11:00:00Z') } })).usable).toBe(false);
    expect(oauthAccessTokenValidity(stored({ grantIssuedAt: undefined })).usable).toBe(false);
    expect(oauthAccessTokenValidity(stored({ payload: { ...stored().payload, jkt: 'thumbprint' } })).usable).toBe(false);
    expect(oauthAccessTokenValidity(stored({ payload: { ...stored().payload, 'x5t#S256': 'thumbprint' } })).usable).toBe(false);
  });

  it('expires with its grant when the grant ends first', () => {
    expect(oauthAccessTokenValidity(stored({ grantExpiresAt: at('2026-11-22T10:30:00Z') })).expiresAt).toEqual(at('2026-11-22T10:30:00Z'));
  });
});
