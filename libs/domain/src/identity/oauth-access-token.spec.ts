import { oauthTokenExpiry, oauthTokenRefusal, type OAuthTokenFacts } from './oauth-access-token.js';

const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => at(iso).getTime() / 1000;
const micros = (iso: string, extra = 0) => at(iso).getTime() * 1000 + extra;

function stored(changes: Partial<OAuthTokenFacts> = {}): OAuthTokenFacts {
  return {
    accountId: 'wdc',
    grantId: 'grant',
    payload: { iat: seconds('2026-11-22T10:00:00Z'), exp: seconds('2026-11-22T11:00:00Z'), scope: 'request:Read' },
    issuedAt: micros('2026-11-22T10:00:00Z'),
    grantIssuedAt: micros('2026-11-22T09:00:00Z'),
    grantExpiresAt: at('2026-12-06T09:00:00Z'),
    applicationDisabled: false,
    integration: { disabled: false, revokedAt: null },
    ...changes,
  };
}

describe('oauthTokenRefusal and oauthTokenExpiry', () => {
  it('accepts a current token of an enabled application and integration, expiring with its exp', () => {
    expect(oauthTokenRefusal(stored())).toBeNull();
    expect(oauthTokenExpiry(at('2026-11-22T11:00:00Z'), stored())).toEqual(at('2026-11-22T11:00:00Z'));
  });

  it('refuses a token of a disabled application or integration', () => {
    expect(oauthTokenRefusal(stored({ applicationDisabled: true }))).toBe('application_disabled');
    expect(oauthTokenRefusal(stored({ integration: { disabled: true, revokedAt: null } }))).toBe('integration_disabled');
  });

  it('refuses a token issued at or before the integration revoked its authorizations, and accepts one issued after', () => {
    const revokedAt = (iso: string, extra = 0) => stored({ integration: { disabled: false, revokedAt: micros(iso, extra) } });
    expect(oauthTokenRefusal(revokedAt('2026-11-22T10:00:00Z'))).toBe('authorization_revoked');
    expect(oauthTokenRefusal(revokedAt('2026-11-22T10:30:00Z'))).toBe('authorization_revoked');
    expect(oauthTokenRefusal(revokedAt('2026-11-22T08:00:00Z'))).toBeNull();
    // To the microsecond: the grant stored 1 µs after the revocation, in its own second.
    const grantAfter = stored({ grantIssuedAt: micros('2026-11-22T09:00:00.250Z', 1), integration: { disabled: false, revokedAt: micros('2026-11-22T09:00:00.250Z') } });
    expect(oauthTokenRefusal(grantAfter)).toBeNull();
  });

  it('refuses a new token of a grant issued before the revocation', () => {
    expect(oauthTokenRefusal(stored({ integration: { disabled: false, revokedAt: micros('2026-11-22T09:30:00Z') } }))).toBe('authorization_revoked');
  });

  it('refuses a token without an issue time, and sender-constrained tokens', () => {
    expect(oauthTokenRefusal(stored({ issuedAt: null }))).toBe('authorization_revoked');
    expect(oauthTokenRefusal(stored({ grantIssuedAt: null }))).toBe('authorization_revoked');
    expect(oauthTokenRefusal(stored({ payload: { ...stored().payload, jkt: 'thumbprint' } }))).toBe('sender_constrained');
    expect(oauthTokenRefusal(stored({ payload: { ...stored().payload, 'x5t#S256': 'thumbprint' } }))).toBe('sender_constrained');
  });

  it('expires at the earliest of its row, its exp and its grant', () => {
    expect(oauthTokenExpiry(at('2026-11-22T11:00:00Z'), stored({ grantExpiresAt: at('2026-11-22T10:30:00Z') }))).toEqual(at('2026-11-22T10:30:00Z'));
    expect(oauthTokenExpiry(at('2026-11-22T10:45:00Z'), stored())).toEqual(at('2026-11-22T10:45:00Z'));
    expect(oauthTokenExpiry(null, stored({ payload: {}, grantExpiresAt: null }))).toBeNull();
  });
});
