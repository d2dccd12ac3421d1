import { trustedAccountId } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { integrationRepository } from './integration.repository.js';

const WDC = trustedAccountId('wdc');

describe('integrationRepository', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert([{ id: 'wdc', name: 'Widget Data Center' }, { id: 'acme', name: 'Acme' }]);
  });
  afterAll(() => test.drop());

  it('answers name-taken for a name the account already uses, on insert and on update, and nothing else', async () => {
    const repo = integrationRepository(test.db);
    const first = await repo.insert(WDC, { name: 'Bridge', description: null, disabled: false });
    const second = await repo.insert(WDC, { name: 'Relay', description: null, disabled: false });
    expect(await repo.insert(WDC, { name: 'Bridge', description: null, disabled: false })).toBe('name-taken');
    expect(await repo.insert(trustedAccountId('acme'), { name: 'Bridge', description: null, disabled: false })).toMatchObject({ name: 'Bridge' });
    if (first === 'name-taken' || second === 'name-taken') throw new Error('unexpected');
    expect(await repo.update(WDC, second.id, { name: 'Bridge' })).toBe('name-taken');
    await expect(repo.update(WDC, second.id, { name: 'x'.repeat(191) })).rejects.toThrow(/too long/);
  });

  it('revokes at the clock of the statement and never moves the revocation time back', async () => {
    const repo = integrationRepository(test.db);
    const created = await repo.insert(WDC, { name: 'Clocked', description: null, disabled: false });
    if (created === 'name-taken') throw new Error('unexpected');
    const first = await test.db.transaction(async (trx) => {
      await trx.raw('select pg_sleep(0.02)');
      const revokedAt = await integrationRepository(trx).revokeAuthorizations(WDC, created.id);
      const { start } = (await trx.raw('select now() as start')).rows[0];
      // Later than the transaction's start: an authorization issued while it ran is revoked too.
      expect(revokedAt.getTime()).toBeGreaterThan(start.getTime());
      return revokedAt;
    });
    await test.db('integrations').where({ id: created.id }).update({ authorizations_revoked_at: new Date(first.getTime() + 3_600_000) });
    const second = await repo.revokeAuthorizations(WDC, created.id);
    expect(second.getTime()).toBe(first.getTime() + 3_600_000);
    await expect(repo.revokeAuthorizations(trustedAccountId('acme'), created.id)).rejects.toThrow(`no integration ${created.id} in account acme`);
  });
});
