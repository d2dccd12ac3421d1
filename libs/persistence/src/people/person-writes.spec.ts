import { trustedAccountId } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { personWriteRepository } from './person-writes.js';

const ACME = trustedAccountId('acme');
const fields = (email: string) => ({ name: 'Ada', primary_email: email, locale: 'en-US', time_zone: 'UTC', disabled: false });

describe('personWriteRepository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert([{ id: 'acme', name: 'Acme' }, { id: 'other', name: 'Other' }]);
  });
  afterAll(() => test.drop());

  it('refuses an e-mail taken in any account, whatever its case', async () => {
    const people = personWriteRepository(test.db);
    const ada = await people.insert(ACME, fields('ada@acme.example'), null);
    expect(ada).toEqual(expect.any(Number));
    expect(await people.insert(trustedAccountId('other'), fields('ADA@acme.example'), null)).toBeNull();
    expect(await people.idWithEmail('Ada@Acme.example')).toBe(ada);
    expect(await people.idWithEmail('ada@acme.example', ada!)).toBeNull();
  });

  it('replaces the roles of a person in one account, leaving the other accounts’ roles', async () => {
    const people = personWriteRepository(test.db);
    const id = (await people.insert(ACME, fields('roles@acme.example'), null))!;
    await test.db('person_roles').insert({ person_id: id, account_id: 'other', role: 'agent' });
    await people.replaceRoles(ACME, id, ['administrator', 'auditor']);
    await people.replaceRoles(ACME, id, ['auditor']);
    expect(await test.db('person_roles').where({ person_id: id }).orderBy(['account_id', 'role']).select('account_id', 'role')).toEqual([
      { account_id: 'acme', role: 'auditor' },
      { account_id: 'other', role: 'agent' },
    ]);
  });
});
