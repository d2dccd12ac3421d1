import { trustedAccountId } from '../tenancy/account-id.js';
import { canReadRequest, requestReadScope } from './request-read-scope.js';

const WDC = trustedAccountId('wdc');

const person = { id: 7, name: 'Dana', accountId: 'wdc', primaryEmail: 'dana@x', organizationId: null, inDirectoryAccount: false };
const request = (requestedBy: number, requestedFor: number, account = 'wdc') => ({ account_id: trustedAccountId(account), requested_by_id: requestedBy, requested_for_id: requestedFor });

describe('requestReadScope', () => {
  it.each([['administrator'], ['agent'], ['specialist'], ['auditor']] as const)('lets a person with the %s role read every request and internal notes', (role) => {
    const scope = requestReadScope({ person }, WDC, [role]);
    expect(scope).toEqual({ accountId: 'wdc', personId: null, internalNotes: true });
    expect(canReadRequest(scope, request(1, 2))).toBe(true);
  });

  it('limits a person without a role to the requests they requested or that are requested for them, without internal notes', () => {
    const scope = requestReadScope({ person }, WDC, []);
    expect(scope).toEqual({ accountId: 'wdc', personId: 7, internalNotes: false });
    expect(canReadRequest(scope, request(7, 2))).toBe(true);
    expect(canReadRequest(scope, request(1, 7))).toBe(true);
    expect(canReadRequest(scope, request(1, 2))).toBe(false);
  });

  it('never reads a request of another account', () => {
    expect(canReadRequest(requestReadScope({ person }, WDC, ['agent']), request(7, 7, 'other'))).toBe(false);
  });
});
