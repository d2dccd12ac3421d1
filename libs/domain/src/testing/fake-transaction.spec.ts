import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeTransaction, fakeUnitOfWork } from './fake-transaction.js';

const WDC = trustedAccountId('wdc');

describe('fakeTransaction — a transaction of the methods a spec gives', () => {
  it('answers with the methods given', async () => {
    const tx = fakeTransaction({ teams: { find: async () => ({ id: 4, name: 'Network' }) }, now: async () => new Date(0) });

    expect(await tx.teams.find(WDC, { id: 4 })).toEqual({ id: 4, name: 'Network' });
    expect(await tx.now()).toEqual(new Date(0));
  });

  it('throws, naming it, on a method the spec did not give', () => {
    const tx = fakeTransaction({ teams: { find: async () => null } });

    expect(() => tx.requests.insert).toThrow('the spec gave no requests.insert');
    expect(() => tx.teams.find).not.toThrow();
    expect(() => tx.lock).toThrow('the spec gave no lock()');
  });

  it('runs the work of a unit of work in that transaction', async () => {
    const uow = fakeUnitOfWork({ lock: async () => ({ notes: [], auditLines: [] }) });

    expect(await uow.transaction(async (tx) => (await tx.lock('key'), 'done'))).toBe('done');
  });
});
