/**
 * The claim and the compare-and-set of decision 024 against PostgreSQL: two
 * claimers never get one row, the per-webhook cap counts every process's live
 * leases, an expired lease is free again, and an outcome written with a lost
 * lease's token changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { trustedAccountId, type ClaimOptions, type RecordedProgress } from '@tessera/domain';
import { createTestDatabase, deliveryRows, insertDeliveryRows, recordQueries, setLeases, type TestDatabase } from '../testing/index.js';
import { claimDueDeliveries } from './delivery-claims.js';
import { leasedStates, recordProgress, releaseLeases } from './delivery-outcomes.js';
import { webhookDeliveryRepository } from './webhook-delivery.repository.js';

describe('delivery claims', () => {
  let test: TestDatabase;
  let hookA: number;
  let hookB: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert({ id: 'claims', name: 'Claims' }).onConflict('id').ignore();
    const hook = async (name: string) => (await test.db('webhooks').insert({ account_id: 'claims', name, event: 'request.create', uri: 'https://receiver.example/' }).returning('id'))[0].id as number;
    hookA = await hook('A');
    hookB = await hook('B');
  });
  afterAll(() => test.drop());
  // Queue rows go with their webhook, not with a delivery deleted on its own (decision 057).
  beforeEach(async () => {
    await test.db('webhook_delivery_queue').del();
    await test.db('webhook_deliveries').del();
  });

  const due = async (webhookId: number, n: number) => {
    const rows = Array.from({ length: n }, () => ({
      id: randomUUID(), account_id: 'claims', webhook_id: webhookId, event: 'request.create', message: '{}', event_at: new Date(), next_attempt_at: new Date(Date.now() - 1000),
    }));
    await insertDeliveryRows(test.db, rows);
    return rows.map((r) => r.id);
  };
  const options = (fields: Partial<ClaimOptions> = {}): ClaimOptions => ({ leasedBy: 'spec', leaseMs: 60_000, limit: 100, perWebhook: 100, inFlight: [], ...fields });

  it('never gives one row to two concurrent claimers', async () => {
    const ids = await due(hookA, 60);
    const claims = await Promise.all(Array.from({ length: 4 }, (_, i) => claimDueDeliveries(test.db, options({ leasedBy: `claimer-${i}`, limit: 20 }))));
    const got = claims.flatMap((c) => c.claimed.map((d) => d.delivery.id));
    expect(new Set(got).size).toBe(got.length);
    expect(got.length).toBeGreaterThan(0);
    // What no claim took is still free: a last claim takes exactly the rest.
    const rest = await claimDueDeliveries(test.db, options());
    expect([...got, ...rest.claimed.map((d) => d.delivery.id)].sort()).toEqual([...ids].sort());
    expect(claims.flatMap((c) => c.claimed)[0]).toMatchObject({ webhook: { id: hookA, policy: null }, lease: { token: expect.any(String) } });
  });

  it('returns the message as the JSON text stored, with the account URL it names, and no column an attempt does not use', async () => {
    const [id] = await due(hookA, 1);
    // Byte for byte as written (issue 30 item 16): spacing and key order are not normalised.
    const text = '{"payload":{"n": 1},  "account":"https://api.example/v1/accounts/claims"}';
    await test.db('webhook_deliveries').where({ id }).update({ message: text });
    const { claimed: [one] } = await claimDueDeliveries(test.db, options());
    expect(one!.delivery).toEqual({
      id, account_id: 'claims', webhook_id: hookA, event: 'request.create', test: false, attempts: 0, next_attempt_at: expect.any(Date),
      message: text, issuer: 'https://api.example/v1/accounts/claims',
    });
  });

  it('keeps each webhook within its cap of live leases, counting those already held, and names the capped ones', async () => {
    await due(hookA, 10);
    await due(hookB, 3);
    const first = await claimDueDeliveries(test.db, options({ perWebhook: 4 }));
    const perHook = (claimed: typeof first.claimed) => claimed.reduce<Record<number, number>>((acc, d) => ({ ...acc, [d.webhook.id]: (acc[d.webhook.id] ?? 0) + 1 }), {});
    expect(perHook(first.claimed)).toEqual({ [hookA]: 4, [hookB]: 3 });
    expect(first.capped).toEqual([hookA]);

    // Another process: nothing more of A (at its cap, left out of the candidates), nor of B (none left due).
    const second = await claimDueDeliveries(test.db, options({ perWebhook: 4, leasedBy: 'another process' }));
    expect(second).toEqual({ claimed: [], capped: [] });
    // The process holding them counts its sends in flight instead of its leases: three of A still sending, room for one.
    const own = await claimDueDeliveries(test.db, options({ perWebhook: 4, inFlight: [{ webhookId: hookA, count: 3 }] }));
    expect(perHook(own.claimed)).toEqual({ [hookA]: 1 });
    await setLeases(test.db, own.claimed.map((d) => d.delivery.id), { lease_token: null, lease_expires_at: null });
    // One lease of A ends: one more of A for the other process, and A is capped again.
    const ended = first.claimed.find((d) => d.webhook.id === hookA)!.delivery.id;
    await test.db('webhook_deliveries').where({ id: ended }).update({ status: 'delivered' });
    await test.db('webhook_delivery_queue').where({ delivery_id: ended }).del();
    const third = await claimDueDeliveries(test.db, options({ perWebhook: 4, leasedBy: 'another process' }));
    expect(perHook(third.claimed)).toEqual({ [hookA]: 1 });
    expect(third.capped).toEqual([hookA]);
  });

  it('brings each delivery its webhook and policy as they are at the claim, also after they changed since an earlier claim', async () => {
    await due(hookA, 1);
    const first = await claimDueDeliveries(test.db, options());
    expect(first.claimed[0]!.webhook).toMatchObject({ id: hookA, uri: 'https://receiver.example/', policy: null });

    const [policyId] = (await test.db('webhook_policies').insert({ account_id: 'claims', name: 'P', jwt_alg: 'hs256', sealed_key: 'sealed-1', key_id: 'k1' }).returning('id')).map((r) => r.id as number);
    await test.db('webhooks').where({ id: hookA }).update({ uri: 'https://moved.example/', webhook_policy_id: policyId });
    await due(hookA, 1);
    const second = await claimDueDeliveries(test.db, options());
    expect(second.claimed[0]!.webhook).toMatchObject({ uri: 'https://moved.example/', policy: { id: policyId, sealedKey: 'sealed-1', keyId: 'k1' } });

    // A change of the policy alone (a key roll writes the policy's row, not the webhook's).
    await test.db('webhook_policies').where({ id: policyId }).update({ sealed_key: 'sealed-2', key_id: 'k2' });
    await due(hookA, 1);
    const third = await claimDueDeliveries(test.db, options());
    expect(third.claimed[0]!.webhook.policy).toMatchObject({ sealedKey: 'sealed-2', keyId: 'k2' });

    await test.db('webhooks').where({ id: hookA }).update({ uri: 'https://receiver.example/', webhook_policy_id: null });
    await test.db('webhook_policies').where({ id: policyId }).del();
  });

  it('frees a lease when it expires or is released, and drops an outcome whose lease was lost', async () => {
    const [id] = await due(hookA, 1);
    const { claimed: [held] } = await claimDueDeliveries(test.db, options({ leaseMs: 1_000 }));
    expect((await claimDueDeliveries(test.db, options())).claimed).toEqual([]);
    await setLeases(test.db, [id!], { lease_expires_at: test.db.raw("now() - interval '1 second'") });
    const { claimed: [again] } = await claimDueDeliveries(test.db, options({ leasedBy: 'newer' }));
    expect(again!.lease.token).not.toBe(held!.lease.token);

    const progress = (token: string): RecordedProgress => ({ id: id!, leaseToken: token, status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: new Date(), paused_reason: null });
    expect(await leasedStates(test.db, [held!.lease])).toEqual([]);
    expect(await recordProgress(test.db, [progress(held!.lease.token)])).toEqual([]);
    expect(await deliveryRows(test.db).where({ id }).first()).toMatchObject({ status: 'pending', leased_by: 'newer' });

    expect(await releaseLeases(test.db, [again!.lease])).toBe(1);
    expect((await claimDueDeliveries(test.db, options())).claimed.map((d) => d.delivery.id)).toEqual([id]);
  });

  it('keeps the lease of a delivery paused while in flight, never claims it again, and drops its queue row with its outcome', async () => {
    const [id] = await due(hookA, 1);
    const { claimed: [held] } = await claimDueDeliveries(test.db, options({ leaseMs: 1_000 }));
    expect(await webhookDeliveryRepository(test.db).pausePending(trustedAccountId('claims'), hookA, 'the webhook is disabled')).toBe(1);
    expect(await deliveryRows(test.db).where({ id }).first()).toMatchObject({ status: 'paused', lease_token: held!.lease.token });
    // Its lease would have ended by now: still not claimed, the delivery is paused.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await claimDueDeliveries(test.db, options({ leasedBy: 'newer' }))).claimed).toEqual([]);

    const [state] = await leasedStates(test.db, [held!.lease]);
    expect(state).toMatchObject({ status: 'paused', lease_token: held!.lease.token });
    const paused: RecordedProgress = { id: id!, leaseToken: held!.lease.token, status: 'paused', attempts: 1, next_attempt_at: null, delivered_at: null, paused_reason: 'the webhook is disabled' };
    expect(await recordProgress(test.db, [paused])).toEqual([id]);
    expect(await test.db('webhook_delivery_queue').where({ delivery_id: id })).toEqual([]);
  });

  it('reads the due rows in order and stops at its limit, whatever the table statistics say', async () => {
    // Statistics taken while every row was leased, as right after a burst: planned from them, the claim
    // counted leases with a sequential scan of the table and read every due row through a bitmap.
    const ids = await due(hookA, 3000);
    await setLeases(test.db, null, { lease_token: randomUUID(), lease_expires_at: new Date(Date.now() + 60_000), leased_by: 'burst' });
    await test.db.raw('analyze webhook_delivery_queue');
    await setLeases(test.db, null, { lease_token: null, lease_expires_at: new Date(Date.now() - 1000), leased_by: null });

    const { result: { claimed }, queries } = await recordQueries(() => claimDueDeliveries(test.db, options({ limit: 10 })));
    expect(claimed).toHaveLength(10);
    expect(ids).toEqual(expect.arrayContaining(claimed.map((d) => d.delivery.id)));

    // The claim's statement explained as the claim ran it: after whatever else it sent in its transaction, then rolled back.
    const asSent = (query: { sql: string }) => query.sql.replace(/\$\d+/g, '?');
    const claim = queries.find((query) => query.sql.includes('with busy as'))!;
    // The transaction's own begin is left out (the statements are replayed in one rolled back); its settings are kept.
    const before = queries
      .slice(0, queries.indexOf(claim))
      .map((query) => ({ ...query, sql: query.sql.trim().replace(/^begin\s*;\s*/i, '') }))
      .filter((query) => query.sql !== '' && !/^(begin|commit|rollback)\s*$/i.test(query.sql));
    expect(before.map((query) => query.sql)).toEqual([expect.stringContaining("set_config('enable_seqscan', 'off', true)")]);
    let plan = '';
    await test.db
      .transaction(async (tx) => {
        for (const query of before) await tx.raw(asSent(query), query.bindings as never);
        const { rows } = await tx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(`explain (analyze, costs off) ${asSent(claim)}`, claim.bindings as never);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(plan).not.toMatch(/Seq Scan on webhook_deliver|Bitmap Heap Scan on webhook_deliver/);
    // At most the rows asked for times the scan factor (4) are read from the due index, not the 3,000 due.
    const dueScan = /Index Scan using webhook_delivery_queue_due on webhook_delivery_queue q \(actual [^)]*rows=(\d+)/.exec(plan);
    expect(Number(dueScan?.[1])).toBeLessThanOrEqual(40);
  });
});
