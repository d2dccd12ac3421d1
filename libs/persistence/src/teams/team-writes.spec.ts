import { trustedAccountId } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { teamRepository } from './team.repository.js';
import { teamWriteRepository } from './team-writes.js';

const ACME = trustedAccountId('acme');
const QUERY = { page: 1, perPage: 10, fields: [], sort: [{ field: 'name', direction: 'asc' as const }], filters: [] };

describe('teamWriteRepository and the team views', () => {
  let test: TestDatabase;
  let ada: number;
  let bob: number;
  let oscar: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert([{ id: 'acme', name: 'Acme' }, { id: 'other', name: 'Other' }]);
    [{ id: ada }, { id: bob }] = await test.db('people').insert([
      { account_id: 'acme', name: 'Ada', primary_email: 'ada@acme.example' },
      { account_id: 'acme', name: 'Bob', primary_email: 'bob@acme.example', disabled: true },
    ]).returning('id');
    [{ id: oscar }] = await test.db('people').insert({ account_id: 'other', name: 'Oscar', primary_email: 'oscar@other.example' }).returning('id');
  });
  afterAll(() => test.drop());

  it('refuses a name taken in the account, on insert and on update, leaving the transaction usable; the same name is free in another account', async () => {
    const teams = teamWriteRepository(test.db);
    const ops = (await teams.insert(ACME, { name: 'Ops', manager_id: ada, disabled: false }))!;
    expect(await teams.insert(ACME, { name: 'Ops', manager_id: null, disabled: false })).toBeNull();
    expect(await teams.insert(trustedAccountId('other'), { name: 'Ops', manager_id: null, disabled: false })).toEqual(expect.any(Number));
    expect(await teams.idWithName(ACME, 'Ops')).toBe(ops);
    expect(await teams.idWithName(ACME, 'Ops', ops)).toBeNull();
    const desk = (await teams.insert(ACME, { name: 'Desk', manager_id: null, disabled: false }))!;
    await test.db.transaction(async (trx) => {
      const inTx = teamWriteRepository(trx);
      expect(await inTx.findForUpdate(trustedAccountId('other'), desk)).toBeNull();
      expect(await inTx.findForUpdate(ACME, desk)).toEqual({ id: desk, name: 'Desk', manager_id: null, disabled: false });
      expect(await inTx.update(desk, { name: 'Ops' })).toBe(false);
      expect(await inTx.update(desk, { name: 'Service Desk', disabled: true })).toBe(true);
    });
    expect(await teamRepository(test.db).findView('acme', desk)).toMatchObject({ name: 'Service Desk', disabled: true, manager: null });
    expect(await teamRepository(test.db).findView('other', desk)).toBeNull();
  });

  it('replaces the members, finds people of the given accounts only (disabled ones too), and lists a member’s teams', async () => {
    const teams = teamWriteRepository(test.db);
    const team = (await teams.insert(ACME, { name: 'Members', manager_id: null, disabled: false }))!;
    await teams.replaceMembers(team, [bob, ada]);
    expect(await teams.memberIds(team)).toEqual([ada, bob].sort((a, b) => a - b));
    await teams.replaceMembers(team, [ada]);
    expect(await teams.memberIds(team)).toEqual([ada]);
    expect(await teams.peopleOf(['acme'], [oscar, bob, ada])).toEqual([ada, bob].sort((a, b) => a - b));
    expect(await teams.teamsOf(ACME, [team, 2147480000])).toEqual([team]);
    const page = await teamRepository(test.db).listViews({ accountId: 'acme', memberId: ada }, QUERY);
    expect(page).toEqual({ total: 1, rows: [expect.objectContaining({ id: team, name: 'Members' })] });
  });
});
