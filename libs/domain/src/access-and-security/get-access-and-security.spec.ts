import { fakeAccessAndSecurity } from './access-and-security.fakes.js';
import { getAccessAndSecurity } from './get-access-and-security.js';
import { revokeApplicationAuthorization } from './revoke-application-authorization.js';

describe('the "Access and Security" page — reading it, and withdrawing an application', () => {
  function withRecords() {
    const fake = fakeAccessAndSecurity();
    fake.tokens.push({ id: 1, personId: 7, name: 'mine', tokenHash: 'a', scopes: ['*:*'], expiresAt: null, revokedAt: null });
    fake.tokens.push({ id: 2, personId: 7, name: 'gone', tokenHash: 'b', scopes: ['*:*'], expiresAt: null, revokedAt: new Date() });
    const grant = (personId: number, clientId: string) => ({ personId, clientId, applicationName: clientId, scope: 'request:Read', grantId: `${personId}-${clientId}`, createdAt: new Date(0) });
    fake.grants.push(grant(7, 'app'), grant(7, 'other'), grant(9, 'app'));
    return fake;
  }
  const reads = (fake: ReturnType<typeof fakeAccessAndSecurity>) => ({ people: fake.people, tokens: fake.tokenRepository, authorizations: fake.authorizationRepository });

  it('shows the person, their authorizations and their tokens not revoked', async () => {
    const page = await getAccessAndSecurity(7, reads(withRecords()));
    expect(page?.person).toEqual({ name: 'Ellen', email: 'ellen@widget.example' });
    expect(page?.applications.map((a) => a.clientId)).toEqual(['app', 'other']);
    expect(page?.tokens.map((t) => t.name)).toEqual(['mine']);
  });

  it('is null for a person who can no longer sign in', async () => {
    expect(await getAccessAndSecurity(9, reads(withRecords()))).toBeNull();
  });

  it('withdraws the person’s authorization of one application, not another person’s', async () => {
    const fake = withRecords();
    await revokeApplicationAuthorization(7, 'app', fake.authorizationRepository);
    expect(fake.grants.map((g) => g.grantId)).toEqual(['7-other', '9-app']);
  });
});
