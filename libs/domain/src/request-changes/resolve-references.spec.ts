import { tokenScopes } from '../scopes/scope-statement.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { PersonLookup, PersonRef } from '../records/references.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeTransaction } from '../testing/fake-transaction.js';
import type { RequestChangeInput } from './request-change-input.js';
import type { ChangeContext } from './change-context.js';
import { resolveReferences } from './resolve-references.js';

const WDC = trustedAccountId('wdc');
const account: AccountRecord = { id: WDC, name: 'Widget Data Center', directoryAccountId: null };
const person = (id: number, name: string): PersonRef => ({ id, name, accountId: 'wdc', organizationId: 40, primaryEmail: `${name.toLowerCase()}@wdc.test` });
const people = [person(200, 'Ann'), person(201, 'Bob')];
const ctx: ChangeContext = {
  access: {
    person: { id: 100, name: 'Howard', accountId: 'wdc', primaryEmail: 'howard@wdc.test', organizationId: 40, inDirectoryAccount: false },
    account, roles: ['agent'], scopes: tokenScopes(['request:*']), token: { kind: 'personal_access_token', id: 1 },
  },
  now: new Date('2026-03-02T08:00:00.000Z'),
};

/** The account holds Ann, Bob and the team Network (4). */
const lookups = () =>
  fakeTransaction({
    people: { findValidIn: async (_account, by: PersonLookup) => people.find((p) => ('id' in by ? p.id === by.id : p.primaryEmail === by.email)) ?? null },
    teams: { find: async (_account, by) => (('id' in by ? by.id === 4 : by.name === 'Network') ? { id: 4, name: 'Network' } : null) },
  });
const resolve = (input: Omit<RequestChangeInput, 'subject'>) => resolveReferences({ subject: 'Disk full', ...input }, account, ctx, lookups());

describe('SPEC.md "Default values for a new request" — rows requested_by and requested_for', () => {
  it('requested_by is the current user, and requested_for the requested_by person, when neither is given', async () => {
    const refs = await resolve({});

    expect(refs.requestedBy).toEqual({ id: 100, name: 'Howard', accountId: 'wdc', organizationId: 40, primaryEmail: 'howard@wdc.test' });
    expect(refs.requestedFor).toBe(refs.requestedBy);
    expect(refs.currentUser).toEqual(refs.requestedBy);
  });

  it('requested_for is the requested_by person given', async () => {
    expect((await resolve({ requested_by: 'ann@wdc.test' })).requestedFor.id).toBe(200);
  });

  it('each is the person given, by primary e-mail or by id', async () => {
    expect(await resolve({ requested_by_id: 200, requested_for: 'bob@wdc.test' })).toMatchObject({ requestedBy: { id: 200 }, requestedFor: { id: 201 } });
  });
});

describe('SPEC.md "Events intake API" — reference parameters', () => {
  it('takes `*_id` over the name form when both are given', async () => {
    expect((await resolve({ requested_for_id: 201, requested_for: 'ann@wdc.test' })).requestedFor.id).toBe(201);
  });

  it('refuses with a 422 naming every parameter that matches no record', async () => {
    await expect(resolve({ member: 'nobody@wdc.test', requested_for_id: 999 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [['member', 'Member does not match any record'], ['requested_for_id', 'Requested for id does not match any record']],
    });
  });

  it('resolves an invalid team to none, without an error (the default team applies)', async () => {
    expect((await resolve({ team: 'No such team' })).team).toBeNull();
    expect((await resolve({ team_id: 999 })).team).toBeNull();
    expect((await resolve({ team: 'Network' })).team).toEqual({ id: 4, name: 'Network' });
  });
});
