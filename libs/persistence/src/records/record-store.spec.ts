import { CONFIGURATION_ITEM as CI, SERVICE_INSTANCE as SI, trustedAccountId } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { recordStore } from './record-store.js';

const ACME = trustedAccountId('acme');
const OTHER = trustedAccountId('other');
const ci = (name: string, label: string | null = null) => ({ name, label, status: 'in_production' as const, rule_set: 'hardware' as const, source: null, source_id: null, support_team_id: null });
const si = (name: string) => ({ name, service_id: null, first_line_team_id: null, support_team_id: null });

describe('recordStore, on configuration items and service instances', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert([{ id: 'acme', name: 'Acme' }, { id: 'other', name: 'Other' }]);
  });
  afterAll(() => test.drop());

  it('refuses a label or name taken in the account on insert and update, leaving the transaction usable; another account may use it', async () => {
    const store = recordStore(test.db);
    const first = await store.insert(CI, ACME, ci('Server 1', 'srv-1'));
    expect(first).toEqual(expect.any(Number));
    expect(await store.insert(CI, OTHER, ci('Server 1', 'srv-1'))).toEqual(expect.any(Number));
    expect(await store.idWith(CI, ACME, 'label', 'srv-1')).toBe(first);
    expect(await store.idWith(CI, ACME, 'label', 'srv-1', first!)).toBeNull();
    const instance = (await store.insert(SI, ACME, si('Prod')))!;
    await test.db.transaction(async (trx) => {
      const inTx = recordStore(trx);
      expect(await inTx.insert(CI, ACME, ci('Server 2', 'srv-1'))).toBeNull();
      expect(await inTx.insert(SI, ACME, si('Prod'))).toBeNull();
      const second = (await inTx.insert(CI, ACME, ci('Server 2', 'srv-2')))!;
      expect(await inTx.update(CI, second, { label: 'srv-1' })).toBe(false);
      expect(await inTx.update(CI, second, { name: 'Server two' })).toBe(true);
      expect(await inTx.findForUpdate(CI, OTHER, second)).toBeNull();
      expect(await inTx.findForUpdate(SI, ACME, instance)).toEqual(si('Prod'));
    });
    expect(await test.db('configuration_items').where({ account_id: 'acme', label: 'srv-2' }).first('name')).toEqual({ name: 'Server two' });
  });

  it('keeps a CI’s service instances in order, and links CIs from a service instance after their other instances', async () => {
    const store = recordStore(test.db);
    const [a, b, c] = [(await store.insert(SI, ACME, si('A')))!, (await store.insert(SI, ACME, si('B')))!, (await store.insert(SI, ACME, si('C')))!];
    const x = (await store.insert(CI, ACME, ci('X')))!;
    const y = (await store.insert(CI, ACME, ci('Y')))!;
    await store.replaceLinks(CI, 'service_instance_ids', x, [b, a]);
    expect(await store.linkIds(CI, 'service_instance_ids', x)).toEqual([b, a]);
    await store.replaceLinks(SI, 'configuration_item_ids', c, [y, x]);
    expect(await store.linkIds(CI, 'service_instance_ids', x)).toEqual([b, a, c]);
    expect(await store.linkIds(SI, 'configuration_item_ids', c)).toEqual([x, y].sort((p, q) => p - q));
    await store.replaceLinks(SI, 'configuration_item_ids', b, []);
    expect(await store.linkIds(CI, 'service_instance_ids', x)).toEqual([a, c]);
    expect(((await store.find(CI, ACME, x))!['service_instances'] as Array<{ name: string }>).map((ref) => ref.name)).toEqual(['A', 'C']);
    expect(await store.missingIds('service_instances', [ACME], [a, 2147483000, c])).toEqual([2147483000]);
    expect(await store.missingIds('configuration_items', [OTHER], [x])).toEqual([x]);
  });
  it('answers whether a person is a member of a team (a limited writer’s responsibility)', async () => {
    const store = recordStore(test.db);
    const [{ id: team }] = await test.db('teams').insert({ account_id: 'acme', name: 'Network' }).returning('id');
    const [{ id: member }, { id: other }] = await test.db('people').insert([
      { account_id: 'acme', name: 'Mia Member', primary_email: 'mia@acme.example' },
      { account_id: 'acme', name: 'Oz Other', primary_email: 'oz@acme.example' },
    ]).returning('id');
    await test.db('team_memberships').insert({ account_id: 'acme', team_id: team, person_id: member });
    expect([await store.inTeam(team, member), await store.inTeam(team, other), await store.inTeam(2147483000, member)]).toEqual([true, false, false]);
  });
});
