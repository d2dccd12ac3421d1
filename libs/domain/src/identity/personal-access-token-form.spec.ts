import { parsePersonalAccessTokenForm, personalAccessTokenRevocation } from './personal-access-token-form.js';

const NOW = new Date('2026-11-22T15:00:00Z');

describe('the personal access token form', () => {
  it('accepts a name, scope lines and an expiry day, the token working through that day', () => {
    const parsed = parsePersonalAccessTokenForm({ name: '  CI  ', scopes: 'request:Read\r\n\r\ndeny request:Delete\n', expires_on: '2026-11-23' }, NOW);
    expect(parsed).toEqual({ ok: true, value: { name: 'CI', scopes: ['request:Read', 'deny request:Delete'], expiresAt: new Date('2026-11-24T00:00:00Z') } });
    expect(parsePersonalAccessTokenForm({ name: 'n', scopes: '*:*', expires_on: '' }, NOW)).toEqual({ ok: true, value: { name: 'n', scopes: ['*:*'], expiresAt: null } });
  });

  it('names every field that is wrong', () => {
    expect(parsePersonalAccessTokenForm({ scopes: '', expires_on: '2026-02-31' }, NOW)).toEqual({
      ok: false,
      errors: [['name', "Name can't be blank"], ['scopes', 'At least one scope is required'], ['expires_on', "'2026-02-31' is not a date (YYYY-MM-DD)"]],
    });
    const wrong = parsePersonalAccessTokenForm({ name: 'x'.repeat(129), scopes: 'request:Read\nrequest:Fly', expires_on: '2026-11-22' }, NOW);
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.errors.map(([field]) => field)).toEqual(['name', 'scopes', 'expires_on']);
    expect(!wrong.ok && wrong.errors[1]![1]).toContain('request:Fly');
    expect(parsePersonalAccessTokenForm({ name: ['a'], scopes: 7 }, NOW).ok).toBe(false);
  });

  it('refuses a name or a scope line PostgreSQL cannot store (the page and tessera token create --name)', () => {
    expect(parsePersonalAccessTokenForm({ name: 'CI\u0000', scopes: 'request:Read' }, NOW)).toEqual({ ok: false, errors: [['name', 'Name contains a NUL character']] });
    expect(parsePersonalAccessTokenForm({ name: 'CI \udc00', scopes: 'request:Read' }, NOW)).toEqual({ ok: false, errors: [['name', 'Name contains invalid Unicode (a lone surrogate)']] });
  });

  it('lets a person revoke only their own tokens, and says nothing of anyone else’s', () => {
    expect(personalAccessTokenRevocation(1, { personId: 1, revokedAt: null })).toBe('revoke');
    expect(personalAccessTokenRevocation(1, { personId: 1, revokedAt: NOW })).toBe('already_revoked');
    expect(personalAccessTokenRevocation(1, { personId: 2, revokedAt: null })).toBe('not_found');
    expect(personalAccessTokenRevocation(1, null)).toBe('not_found');
  });
});
