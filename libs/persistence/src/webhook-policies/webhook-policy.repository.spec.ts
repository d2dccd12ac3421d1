import { createUnitOfWork } from '../unit-of-work.js';
import { trustedAccountId, webhookPolicyName } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { webhookPolicyRepository } from './webhook-policy.repository.js';

const WDC = trustedAccountId('wdc');
const ACME = trustedAccountId('acme');
const fields = { disabled: false, jwt_alg: 'es256' as const, jwt_audience: null, jwt_claim_expires_in: null, public_key_pem: 'PUBLIC', sealed_key: 'v1.sealed', key_id: 'kid-1' };

describe('webhookPolicyRepository', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert([{ id: 'wdc', name: 'Widget Data Center' }, { id: 'acme', name: 'Acme' }]);
  });
  afterAll(() => test.drop());
  beforeEach(async () => {
    await test.db('webhooks').delete();
    await test.db('webhook_policies').delete();
  });

  const webhookUsing = async (account: string, policyId: number, name: string) =>
    (await test.db('webhooks').insert({ account_id: account, name, event: 'request.create', uri: 'https://r.example', webhook_policy_id: policyId }).returning('id'))[0].id as number;

  it('never returns the key columns from a read or a write', async () => {
    const repo = webhookPolicyRepository(test.db);
    const inserted = await repo.insert(WDC, fields, webhookPolicyName);
    const updated = await repo.update(WDC, inserted.id, { jwt_alg: 'hs256', public_key_pem: null, sealed_key: 'v1.other', key_id: 'kid-2' });
    const read = await repo.find(WDC, inserted.id);
    const page = await repo.list(WDC, { page: 1, perPage: 10, fields: [], sort: [], filters: [] });
    for (const record of [inserted, updated, read!, page.rows[0]!]) {
      expect(Object.keys(record).sort()).toEqual(['account_id', 'created_at', 'disabled', 'id', 'jwt_alg', 'jwt_audience', 'jwt_claim_expires_in', 'key_id', 'name', 'updated_at']);
    }
    expect(await test.db('webhook_policies').where({ id: inserted.id }).first('sealed_key', 'public_key_pem')).toEqual({ sealed_key: 'v1.other', public_key_pem: null });
  });

  it('writes the name made from the id it draws, in the one insert, and never draws an id twice', async () => {
    const repo = webhookPolicyRepository(test.db);
    const made = await Promise.all([WDC, WDC, ACME].map((account) => repo.insert(account, fields, (id) => `Policy #${id}`)));
    expect(new Set(made.map((policy) => policy.id)).size).toBe(3);
    for (const policy of made) {
      expect(policy.name).toBe(`Policy #${policy.id}`);
      expect(await test.db('webhook_policies').where({ id: policy.id }).first('name')).toEqual({ name: `Policy #${policy.id}` });
    }
  });

  it("scopes every read to the account: another account's policy is not found nor listed", async () => {
    const repo = webhookPolicyRepository(test.db);
    const acme = await repo.insert(ACME, fields, webhookPolicyName);
    expect(await repo.find(WDC, acme.id)).toBeNull();
    expect(await repo.findForUpdate(WDC, acme.id)).toBeNull();
    expect((await repo.list(WDC, { page: 1, perPage: 10, fields: [], sort: [], filters: [] })).total).toBe(0);
    expect(await repo.delete(WDC, acme.id)).toEqual({ usedBy: [] });
    expect(await repo.find(ACME, acme.id)).not.toBeNull();
  });

  it('answers the webhooks using the policy when the foreign key refuses the delete, and leaves the transaction usable', async () => {
    const policy = await webhookPolicyRepository(test.db).insert(WDC, fields, webhookPolicyName);
    const hook = await webhookUsing('wdc', policy.id, 'Ticket sync');
    const uow = createUnitOfWork(test.db);
    const answer = await uow.transaction(async (tx) => {
      // As if the webhook was attached between the use case's check and its delete.
      const refused = await tx.webhookPolicies.delete(WDC, policy.id);
      const stillThere = await tx.webhookPolicies.find(WDC, policy.id);
      return { refused, stillThere: stillThere?.id };
    });
    expect(answer).toEqual({ refused: { usedBy: [{ id: hook, name: 'Ticket sync' }] }, stillThere: policy.id });
    await test.db('webhooks').where({ id: hook }).delete();
    expect(await webhookPolicyRepository(test.db).delete(WDC, policy.id)).toEqual({ usedBy: [] });
    expect(await test.db('webhook_policies').where({ id: policy.id }).first()).toBeUndefined();
  });
});
