import { fakeAccessAndSecurity } from './access-and-security.fakes.js';
import { revokePersonalAccessToken } from './revoke-personal-access-token.js';

describe('revokePersonalAccessToken — a person revokes their own tokens only', () => {
  function withTokens() {
    const fake = fakeAccessAndSecurity();
    fake.tokens.push(
      { id: 1, personId: 7, name: 'mine', tokenHash: 'a', scopes: ['*:*'], expiresAt: null, revokedAt: null },
      { id: 2, personId: 9, name: 'theirs', tokenHash: 'b', scopes: ['*:*'], expiresAt: null, revokedAt: null },
    );
    return fake;
  }

  it('revokes the person’s own token, and says so once', async () => {
    const fake = withTokens();
    expect(await revokePersonalAccessToken(7, 1, fake.tokenRepository)).toBe('revoked');
    expect(fake.tokens[0]!.revokedAt).not.toBeNull();
    expect(await revokePersonalAccessToken(7, 1, fake.tokenRepository)).toBe('already_revoked');
  });

  it('answers another person’s token and an unknown id alike, and revokes nothing', async () => {
    const fake = withTokens();
    expect(await revokePersonalAccessToken(7, 2, fake.tokenRepository)).toBe('not_found');
    expect(await revokePersonalAccessToken(7, 99, fake.tokenRepository)).toBe('not_found');
    expect(fake.tokens.map((t) => t.revokedAt)).toEqual([null, null]);
  });

  it('is already_revoked when another call revoked it in between', async () => {
    const fake = withTokens();
    const racing = { ...fake.tokenRepository, revoke: async () => false };
    expect(await revokePersonalAccessToken(7, 1, racing)).toBe('already_revoked');
  });
});
