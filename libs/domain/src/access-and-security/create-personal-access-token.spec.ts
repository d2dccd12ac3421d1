import { hashToken, PAT_PREFIX } from '../identity/personal-access-token.js';
import { fakeAccessAndSecurity } from './access-and-security.fakes.js';
import { createPersonalAccessToken } from './create-personal-access-token.js';

describe('createPersonalAccessToken', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('stores the digest of a new token, never its value, and returns the value once', async () => {
    const fake = fakeAccessAndSecurity();
    const created = await createPersonalAccessToken(7, { name: ' CI ', scopes: 'request:Read\r\ndeny request:Delete', expires_on: '2026-12-01' }, fake.tokenRepository, now);
    if (!created.ok) throw new Error('expected a token');
    expect(created.token).toMatchObject({ id: 1, name: 'CI' });
    expect(created.token.value.startsWith(PAT_PREFIX)).toBe(true);
    expect(fake.tokens).toEqual([
      { id: 1, personId: 7, name: 'CI', tokenHash: hashToken(created.token.value), scopes: ['request:Read', 'deny request:Delete'], expiresAt: new Date('2026-12-02T00:00:00Z'), revokedAt: null },
    ]);
    expect(JSON.stringify(fake.tokens)).not.toContain(created.token.value);
  });

  it('stores nothing and names the fields when the form is refused', async () => {
    const fake = fakeAccessAndSecurity();
    const created = await createPersonalAccessToken(7, { name: '', scopes: '', expires_on: '2026-11-22' }, fake.tokenRepository, now);
    expect(created).toEqual({ ok: false, errors: [['name', "Name can't be blank"], ['scopes', 'At least one scope is required'], ['expires_on', 'The expiry date must be after today']] });
    expect(fake.tokens).toEqual([]);
  });
});
