import { trustedAccountId } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { cmdbRepository } from './cmdb.repository.js';

const ACME = trustedAccountId('acme');
const OTHER = trustedAccountId('other');
const ci = (name: string, label: string | null = null) => ({ name, label, status: 'in_production' as const, rule_set: 'hardware' as const, source: null, source_id: null, support_team_id: null });
const si = (name: string) => ({ name, service_id: null, first_line_team_id: null, support_team_id: null });

describe('cmdbRepository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert([{ id: 'acme', name: 'Acme' }, { id: 'other', name: 'Other' }]);
  });
  afterAll(() => test.drop());

  it('refuses a label or name taken in the account on insert and update, leaving the transaction usable; another account may use it', async () => {
    const cmdb = cmdbRepository(test.db);
    const first = await cmdb.insertCi(ACME, ci('Server 1', 'srv-1'));
    expect(first).toEqual(expect.any(Number));
    expect(await cmdb.insertCi(OTHER, ci('Server 1', 'srv-1'))).toEqual(expect.any(Number));
    expect(await cmdb.ciWithLabel(ACME, 'srv-1')).toBe(first);
    expect(await cmdb.ciWithLabel(ACME, 'srv-1', first!)).toBeNull();
    const instance = (await cmdb.insertServiceInstance(ACME, si('Prod')))!;
    await test.db.transaction(async (trx) => {
      const inTx = cmdbRepository(trx);
      expect(await inTx.insertCi(ACME, ci('Server 2', 'srv-1'))).toBeNull();
      expect(await inTx.insertServiceInstance(ACME, si('Prod'))).toBeNull();
      const second = (await inTx.insertCi(ACME, ci('Server 2', 'srv-2')))!;
      expect(await inTx.updateCi(second, { label: 'srv-1' })).toBe(false);
      expect(await inTx.updateCi(second, { name: 'Server two' })).toBe(true);
      expect(await inTx.findCiForUpdate(OTHER, second)).toBeNull();
      expect(await inTx.findServiceInstanceForUpdate(ACME, instance)).toEqual(si('Prod'));
    });
    expect(await test.db('configuration_items').where({ account_id: 'acme', label: 'srv-2' }).first('name')).toEqual({ name: 'Server two' });
  });

  it('keeps a CI’s service instances in order, and links CIs from a service instance after their other instances', async () => {
    const cmdb = cmdbRepository(test.db);
    const [a, b, c] = [(await cmdb.insertServiceInstance(ACME, si('A')))!, (await cmdb.insertServiceInstance(ACME, si('B')))!, (await cmdb.insertServiceInstance(ACME, si('C')))!];
    const x = (await cmdb.insertCi(ACME, ci('X')))!;
    const y = (await cmdb.insertCi(ACME, ci('Y')))!;
    await cmdb.replaceServiceInstancesOfCi(x, [b, a]);
    expect(await cmdb.serviceInstancesOfCi(x)).toEqual([b, a]);
    await cmdb.replaceCisOfServiceInstance(c, [y, x]);
    expect(await cmdb.serviceInstancesOfCi(x)).toEqual([b, a, c]);
    expect(await cmdb.cisOfServiceInstance(c)).toEqual([x, y].sort((p, q) => p - q));
    await cmdb.replaceCisOfServiceInstance(b, []);
    expect(await cmdb.serviceInstancesOfCi(x)).toEqual([a, c]);
    expect((await cmdb.findCi(ACME, x))!.service_instances.map((ref) => ref.name)).toEqual(['A', 'C']);
    expect(await cmdb.missingIds(ACME, 'service_instances', [a, 2147483000, c])).toEqual([2147483000]);
    expect(await cmdb.missingIds(OTHER, 'configuration_items', [x])).toEqual([x]);
  });
});
