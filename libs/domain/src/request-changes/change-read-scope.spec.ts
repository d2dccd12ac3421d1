import type { AccessContext } from '../identity/access-context.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { Role } from '../identity/roles.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeTransaction } from '../testing/fake-transaction.js';
import { changeReadScope, requireReadable } from './change-read-scope.js';

const WDC = trustedAccountId('wdc');
const SUPPORT = trustedAccountId('wdc-support');
const wdc: AccountRecord = { id: WDC, name: 'Widget Data Center', directoryAccountId: null };
const support: AccountRecord = { id: SUPPORT, name: 'WDC support domain', directoryAccountId: WDC };
const NOW = new Date('2026-03-02T09:30:00.000Z');

const ctx = (roles: Role[]) => {
  const access: AccessContext = {
    person: { id: 100, name: 'Howard', accountId: 'wdc', primaryEmail: 'howard@wdc.test', organizationId: null, inDirectoryAccount: false },
    account: wdc, roles, scopes: tokenScopes(['request:*']), token: { kind: 'personal_access_token', id: 1 },
  };
  return { access, now: NOW };
};
const noLookups = fakeTransaction({});

describe('who may make a request change, as the events intake and the request API check it', () => {
  it('lets a person with a role in the account reach every request and write internal notes', async () => {
    expect(await changeReadScope({ internal_note: 'Call the vendor' }, wdc, ctx(['agent']), noLookups)).toEqual({ accountId: WDC, personId: null, internalNotes: true });
  });

  it('limits an end user to their own requests, and refuses their internal note', async () => {
    expect(await changeReadScope({}, wdc, ctx([]), noLookups)).toEqual({ accountId: WDC, personId: 100, internalNotes: false });
    await expect(changeReadScope({ internal_note: 'Call the vendor' }, wdc, ctx([]), noLookups)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('takes the roles the person has in another registering account (a support domain)', async () => {
    const asked: Array<[string, number]> = [];
    const tx = fakeTransaction({ people: { rolesIn: async (account, person) => (asked.push([account, person]), []) } });

    expect(await changeReadScope({}, support, ctx(['administrator']), tx)).toEqual({ accountId: SUPPORT, personId: 100, internalNotes: false });
    expect(asked).toEqual([[SUPPORT, 100]]);
  });

  it('refuses to register a request its maker could not read afterwards', () => {
    const endUser = { accountId: WDC, personId: 100, internalNotes: false };

    expect(() => requireReadable(endUser, { account_id: WDC, requested_by_id: 100, requested_for_id: 200 })).not.toThrow();
    expect(() => requireReadable(endUser, { account_id: WDC, requested_by_id: 300, requested_for_id: 100 })).not.toThrow();
    expect(() => requireReadable(endUser, { account_id: WDC, requested_by_id: 300, requested_for_id: 200 })).toThrow(/registered only as its requester or for yourself/);
  });
});
