/**
 * ARCHITECTURE.md "Data": repository methods require the account id. This
 * spec is checked by tsc (`npx tsc -p libs/domain/tsconfig.json --noEmit`):
 * each `@ts-expect-error` line must fail to compile, or tsc reports the unused
 * directive. At run time the calls reach an in-memory repository, which shows
 * the accepted forms carry the account through.
 */
import type { AccountRecord } from '../identity/account-access.js';
import type { RequestReadScope } from '../requests/request-read-scope.js';
import type { RequestRecord } from '../requests/request-record.js';
import { trustedAccountId, type AccountId } from './account-id.js';
import { fakeTransaction } from '../testing/fake-transaction.js';

const account: AccountRecord = { id: trustedAccountId('wdc'), name: 'Widget Data Center', directoryAccountId: null };

function repositories() {
  const accounts: string[] = [];
  const repos = fakeTransaction({
    requests: { find: async (accountId) => (accounts.push(accountId), null) },
    auditLines: { insert: async (accountId) => (accounts.push(accountId), 1) },
    supportAgreements: { serviceDeskTeamFor: async (supportDomain) => (accounts.push(supportDomain), null) },
  });
  return { repos, accounts };
}

describe('ARCHITECTURE.md "Data" — tenant scope is in the types', () => {
  it('a tenant method rejects a plain string account id', async () => {
    const { repos } = repositories();
    const named: string = 'wdc';

    // @ts-expect-error a string literal is not an AccountId
    await repos.requests.find('wdc', 1);
    // @ts-expect-error nor is a string read from a request
    await repos.requests.find(named, 1);
    // @ts-expect-error nor a person's own account (a string: it may be a directory account)
    await repos.supportAgreements.serviceDeskTeamFor('widget-customer', account.id);
    // @ts-expect-error the outbox too
    await repos.auditLines.insert('wdc', { recordType: 'Request', recordId: 1, personId: null, source: null, sourceId: null, action: 'update', changes: {} });
  });

  it('a tenant method accepts an account record id, a stored row account id, or a trusted one', async () => {
    const { repos, accounts } = repositories();
    const stored = { account_id: trustedAccountId('wdc') } satisfies Pick<RequestRecord, 'account_id'>;

    await repos.requests.find(account.id, 1);
    await repos.requests.find(stored.account_id, 1);
    await repos.requests.find(trustedAccountId('wdc'), 1);

    expect(accounts).toEqual(['wdc', 'wdc', 'wdc']);
  });

  it('an account id cannot be made from a string without trustedAccountId', () => {
    const named: string = 'wdc';
    // @ts-expect-error a plain assignment does not brand a string
    const plain: AccountId = named;
    // @ts-expect-error nor does a read scope built by hand
    const scope: RequestReadScope = { accountId: 'wdc', personId: null, internalNotes: true };
    // Reading goes the other way: an AccountId is a string wherever one is wanted.
    const shown: string = account.id;

    expect([plain, scope.accountId, shown]).toEqual(['wdc', 'wdc', 'wdc']);
  });
});
