import { verifyPassword } from '../identity/password.js';
import type { Role } from '../identity/roles.js';
import type { QueuedJob } from '../jobs/job-contract.js';
import type { NewAuditLine } from '../ports/outbox.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeUnitOfWork } from '../testing/fake-transaction.js';
import { validationProblems } from '../testing/validation-problems.js';
import { createPerson } from './create-person.js';

interface StoredPerson {
  account: string;
  name: string;
  primaryEmail: string;
  locale: string;
  passwordHash: string | null;
  roles: readonly Role[];
}

function registry(emails: string[] = []) {
  const people: StoredPerson[] = [];
  const audit: NewAuditLine[] = [];
  const jobs: QueuedJob[] = [];
  const taken = (email: string) => [...emails, ...people.map((p) => p.primaryEmail)].some((e) => e.toLowerCase() === email.toLowerCase());
  const port = fakeUnitOfWork({
    accounts: { find: async (id) => (id === 'acme' ? { id: trustedAccountId('acme'), name: 'Acme', directoryAccountId: null } : null) },
    auditLines: { insert: async (_account, line) => audit.push(line) },
    jobs: { enqueue: async (queued) => void jobs.push(...queued), cancel: async () => undefined },
    personWrites: {
      idWithEmail: async (email) => (taken(email) ? 1 : null),
      insert: async (account, fields, passwordHash) =>
        people.push({ account, name: fields.name, primaryEmail: fields.primary_email, locale: fields.locale, passwordHash, roles: [] }) + 100,
      replaceRoles: async (_account, id, roles) => void (people[id - 101]!.roles = roles),
    },
  });
  return { people, audit, jobs, port };
}

describe('createPerson', () => {
  it('writes the person with roles and a password digest, an audit line and one person.create event naming them', async () => {
    const { people, audit, jobs, port } = registry();
    const { id } = await createPerson({ account: 'acme', name: ' Ada ', primaryEmail: 'ada@acme.example', roles: ['administrator', 'administrator'], password: 'long enough secret' }, port);
    expect(id).toBe(101);
    expect(people).toEqual([expect.objectContaining({ account: 'acme', name: 'Ada', primaryEmail: 'ada@acme.example', locale: 'en-US', roles: ['administrator'] })]);
    expect(await verifyPassword('long enough secret', people[0]!.passwordHash!)).toBe(true);
    expect(audit).toEqual([expect.objectContaining({ recordType: 'Person', recordId: 101, action: 'create', personId: null, source: 'tessera' })]);
    expect(jobs).toEqual([expect.objectContaining({ task: 'webhook-event', payload: expect.objectContaining({ event: 'person.create', object_id: 101, account_id: 'acme' }) })]);
  });

  it('reports every problem at once and writes nothing', async () => {
    const { people, audit, port } = registry(['Taken@acme.example']);
    expect(await validationProblems(createPerson({ account: 'nope', name: '', primaryEmail: 'taken@ACME.example', locale: 'x', roles: ['owner'], password: 'short' }, port))).toEqual([
      ['name', "Name can't be blank"],
      ['primary_email', 'Primary email has already been taken: taken@ACME.example'],
      ['locale', "Locale 'x' is not a language tag such as en-US"],
      ['roles', 'Roles are administrator, agent, specialist, auditor; not owner'],
      ['password', 'Password must be 10 to 1024 characters'],
      ['account', 'No account has the id nope'],
    ]);
    expect(people).toHaveLength(0);
    expect(audit).toHaveLength(0);
  });

  it.each(['no-at-sign', 'two@@acme.example', 'spa ce@acme.example', 'ada@localhost', `${'a'.repeat(250)}@acme.example`])('refuses the e-mail %j', async (email) => {
    expect(await validationProblems(createPerson({ account: 'acme', name: 'Ada', primaryEmail: email }, registry().port))).toEqual([['primary_email', expect.any(String)]]);
  });
});
