import type { Role } from '../identity/roles.js';
import { assertEmailQueryAllowed, visiblePrimaryEmail } from './person-email-visibility.js';

const caller = (roles: Role[]) => ({ person: { id: 7, name: 'Caller', accountId: 'acme', primaryEmail: 'c@acme.example', organizationId: null, inDirectoryAccount: false }, roles });

describe('who sees whose primary e-mail (decision 033)', () => {
  it('shows staff every e-mail and an end user their own only', () => {
    expect(visiblePrimaryEmail(caller(['auditor']), { id: 8, primary_email: 'o@acme.example' })).toBe('o@acme.example');
    expect(visiblePrimaryEmail(caller([]), { id: 8, primary_email: 'o@acme.example' })).toBeNull();
    expect(visiblePrimaryEmail(caller([]), { id: 7, primary_email: 'c@acme.example' })).toBe('c@acme.example');
  });

  it('refuses an end user a query on the e-mail, and nobody else', () => {
    expect(() => assertEmailQueryAllowed(caller([]), ['name', 'primary_email'], 'primary_email')).toThrow('Filtering or sorting on primary_email needs a role in the account');
    expect(() => assertEmailQueryAllowed(caller([]), ['name'], 'primary_email')).not.toThrow();
    expect(() => assertEmailQueryAllowed(caller(['agent']), ['primary_email'], 'primary_email')).not.toThrow();
  });
});
