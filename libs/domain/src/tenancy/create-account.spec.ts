import type { AccountRegistry, RegisteredAccount } from './account-registry.js';
import { createAccount } from './create-account.js';
import { validationProblems } from '../testing/validation-problems.js';

function registry(existing: RegisteredAccount[] = []) {
  const accounts = [...existing];
  const port: AccountRegistry = {
    find: async (id) => accounts.find((account) => account.id === id) ?? null,
    insert: async (account) => (accounts.some((a) => a.id === account.id) ? false : (accounts.push(account), true)),
  };
  return { accounts, port };
}

describe('createAccount', () => {
  it('creates a directory account, then a support domain of it, with the name trimmed', async () => {
    const { accounts, port } = registry();
    await createAccount({ id: 'acme', name: ' Acme ' }, port);
    await createAccount({ id: 'acme-it', name: 'Acme IT', directoryAccountId: 'acme' }, port);
    expect(accounts).toEqual([
      { id: 'acme', name: 'Acme', directoryAccountId: null },
      { id: 'acme-it', name: 'Acme IT', directoryAccountId: 'acme' },
    ]);
  });

  it.each(['a', 'Acme', '1acme', 'ac_me', 'a'.repeat(64), 'acme it'])('refuses the id %j', async (id) => {
    expect(await validationProblems(createAccount({ id, name: 'x' }, registry().port))).toEqual([['id', expect.stringContaining('2 to 63 characters')]]);
  });

  it.each([['a\u0000b', 'Name contains a NUL character'], ['Acme \ud800', 'Name contains invalid Unicode (a lone surrogate)']])('refuses the name %j (tessera account create --name)', async (name, message) => {
    const { accounts, port } = registry();
    expect(await validationProblems(createAccount({ id: 'acme', name }, port))).toEqual([['name', message]]);
    expect(accounts).toEqual([]);
  });

  it('reports a taken id, a blank name and a missing directory at once, and writes nothing', async () => {
    const { accounts, port } = registry([{ id: 'acme', name: 'Acme', directoryAccountId: null }]);
    expect(await validationProblems(createAccount({ id: 'acme', name: '  ', directoryAccountId: 'nope' }, port))).toEqual([
      ['id', 'Id has already been taken: account acme exists'],
      ['name', "Name can't be blank"],
      ['directory_account', 'No account has the id nope'],
    ]);
    expect(accounts).toHaveLength(1);
  });

  it('refuses a support domain as a directory, and a name over 190 characters', async () => {
    const { port } = registry([{ id: 'acme', name: 'Acme', directoryAccountId: null }, { id: 'acme-it', name: 'IT', directoryAccountId: 'acme' }]);
    expect(await validationProblems(createAccount({ id: 'deeper', name: 'x'.repeat(191), directoryAccountId: 'acme-it' }, port))).toEqual([
      ['name', 'Name is longer than 190 characters'],
      ['directory_account', 'Account acme-it is a support domain of acme, not a directory account'],
    ]);
  });

  it('refuses an id taken between the check and the insert', async () => {
    const port: AccountRegistry = { find: async () => null, insert: async () => false };
    expect(await validationProblems(createAccount({ id: 'acme', name: 'Acme' }, port))).toEqual([['id', 'Id has already been taken: account acme exists']]);
  });
});
