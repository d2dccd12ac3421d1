/**
 * Decision 057: the delivery log in daily partitions. A lookup of a delivery by its id (the API's
 * read, a redelivery, the claim's join, the outcome batch) reads the one partition the id's time
 * names, however many days the log holds; the partitions are made ahead once, and a day is dropped
 * whole only when it is past retention and holds nothing pending or paused.
 */
import { randomUUID } from 'node:crypto';
import { newDeliveryId, trustedAccountId, type ClaimOptions } from '@tessera/domain';
import { createTestDatabase, insertDeliveryRows, recordQueries, type TestDatabase } from '../testing/index.js';
import { claimDueDeliveries } from './delivery-claims.js';
import { createDeliveryLogPartitions, deliveryLogPartitions, dropExpiredDeliveryLogPartitions, ensureDeliveryLogPartitions, weekOf } from './delivery-log-partitions.js';
import { recordAsClaimed } from './delivery-outcomes.js';
import { webhookDeliveryRepository } from './webhook-delivery.repository.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const thisWeek = weekOf(new Date()).getTime();
const weeksAgo = (n: number) => new Date(thisWeek - n * WEEK_MS);

/** The partitions of the log a plan read rows from: scans of a partition that ran. */
function partitionsRead(plan: string): string[] {
  const read = plan.split('\n').filter((line) => /Scan (.* )?on webhook_(deliveries|delivery_attempts)_p\d+/.test(line) && !line.includes('never executed'));
  return [...new Set(read.map((line) => /on (webhook_\w+_p\d+)/.exec(line)![1]!))];
}

describe('the delivery log partitions', () => {
  let test: TestDatabase;
  let hook: number;
  let explained = 0;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert({ id: 'parts', name: 'Partitions' }).onConflict('id').ignore();
    hook = (await test.db('webhooks').insert({ account_id: 'parts', name: 'A', event: 'request.create', uri: 'https://receiver.example/' }).returning('id'))[0].id as number;
    await createDeliveryLogPartitions(test.db, weeksAgo(22), new Date(thisWeek));
  });
  afterAll(() => test.drop());

  /** Runs `run` in a transaction rolled back, then explains each statement it sent, as sent, in another one rolled back. */
  async function plansOf(run: (tx: TestDatabase['db']) => Promise<unknown>, pick: (sql: string) => boolean): Promise<string[]> {
    const rolledBack = (work: (tx: TestDatabase['db']) => Promise<unknown>) =>
      test.db
        .transaction(async (tx) => {
          await work(tx);
          throw new Error('roll back');
        })
        .catch((error: Error) => {
          if (error.message !== 'roll back') throw error;
        });
    // Every statement as the driver got it (the claim and the outcome batch are sent past Knex).
    const { queries } = await recordQueries(() => rolledBack(run));
    const plans: string[] = [];
    for (const query of queries.filter((q) => pick(q.sql))) {
      await rolledBack(async (tx) => {
        const { rows } = await tx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(`explain (analyze, costs off) ${query.sql.replace(/\$\d+/g, '?')}`, query.bindings as never);
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
      });
      // The claim and the outcome batch run as named prepared statements, planned once for any
      // parameters: their generic plan must prune at run time as well.
      await rolledBack(async (tx) => {
        await tx.raw("select set_config('plan_cache_mode', 'force_generic_plan', true)");
        // A session's prepared statement outlives the transaction: each gets a name of its own.
        const name = `explained_${(explained += 1)}`;
        await tx.raw(`prepare ${name} as ${query.sql}`);
        const literals = query.bindings.map((value) => tx.raw('?', [value as never]).toQuery());
        const { rows } = await tx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(`explain (analyze, costs off) execute ${name}(${literals.join(', ')})`);
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
      });
    }
    return plans;
  }

  it('reads one partition of the log, of more than twenty, to find a delivery by its id', async () => {
    expect((await deliveryLogPartitions(test.db)).length).toBeGreaterThan(20);
    const at = new Date(weeksAgo(3).getTime() + 3_600_000);
    const ids = [newDeliveryId(at), newDeliveryId(new Date(at.getTime() + 1)), newDeliveryId(new Date(at.getTime() + 2))];
    await insertDeliveryRows(test.db, ids.map((id, i) => ({
      id, account_id: 'parts', webhook_id: hook, event: 'request.create', message: '{}', event_at: at, created_at: new Date(at.getTime() + i),
      next_attempt_at: new Date(Date.now() - 1_000),
    })));
    const day = `webhook_deliveries_p${weeksAgo(3).toISOString().slice(0, 10).replaceAll('-', '')}`;

    const [find, findGeneric] = await plansOf((tx) => webhookDeliveryRepository(tx).find(trustedAccountId('parts'), hook, ids[0]!), (sql) => sql.includes('from webhook_deliveries d'));
    expect(partitionsRead(find!)).toEqual([day]);
    expect(partitionsRead(findGeneric!)).toEqual([day]);

    const options: ClaimOptions = { leasedBy: 'spec', leaseMs: 60_000, limit: 10, perWebhook: 10, inFlight: [] };
    const [claim, claimGeneric] = await plansOf((tx) => claimDueDeliveries(tx, options), (sql) => sql.includes('with busy as'));
    expect(partitionsRead(claim!)).toEqual([day]);
    expect(partitionsRead(claimGeneric!)).toEqual([day]);
    expect(claimGeneric).toContain('never executed');
    const { claimed } = await claimDueDeliveries(test.db, options);
    expect(claimed.map((c) => c.delivery.id).sort()).toEqual([...ids].sort());

    const batch = claimed.map((c) => ({
      progress: { id: c.delivery.id, leaseToken: c.lease.token, status: 'delivered' as const, attempts: 1, next_attempt_at: null, delivered_at: new Date(), paused_reason: null },
      claimed: { attempts: c.delivery.attempts, next_attempt_at: c.delivery.next_attempt_at },
      attempt: { started_at: new Date(), duration_ms: 3, status_code: 204, error: null, response_excerpt: null },
      webhookId: hook, clearsFailures: true,
    }));
    const [outcome, outcomeGeneric] = await plansOf((tx) => recordAsClaimed(tx, batch), (sql) => sql.includes('json_to_recordset'));
    // The outcome batch reads no partition of the log (decision 060): it deletes queue rows and inserts
    // the attempts, numbered by the queue rows, into their delivery's week.
    expect(partitionsRead(outcome!)).toEqual([]);
    expect(partitionsRead(outcomeGeneric!)).toEqual([]);
    expect(outcome).toMatch(/Insert on webhook_delivery_attempts/);

    const [attempts, attemptsGeneric] = await plansOf((tx) => webhookDeliveryRepository(tx).attempts(trustedAccountId('parts'), ids[0]!), (sql) => sql.includes('from "webhook_delivery_attempts"'));
    expect(partitionsRead(attempts!)).toEqual([day.replace('deliveries', 'delivery_attempts')]);
    expect(partitionsRead(attemptsGeneric!)).toEqual([day.replace('deliveries', 'delivery_attempts')]);
    const [requeue, requeueGeneric] = await plansOf((tx) => webhookDeliveryRepository(tx).requeue(trustedAccountId('parts'), ids[0]!), (sql) => sql.includes('with fresh as'));
    // A redelivery counts the delivery's attempts once, in its week, for its queue row.
    expect(partitionsRead(requeue!)).toEqual([day, day.replace('deliveries', 'delivery_attempts')]);
    expect(partitionsRead(requeueGeneric!)).toEqual([day, day.replace('deliveries', 'delivery_attempts')]);
  });

  const CLAIM_OF_TEN: ClaimOptions = { leasedBy: 'spec', leaseMs: 60_000, limit: 10, perWebhook: 10, inFlight: [] };

  /** A claim of ten, as sent and as a generic plan, reads `week` and no other, one row per delivery claimed (its key), not the week's 300. */
  async function expectClaimByKey(week: string): Promise<void> {
    const plans = await plansOf((tx) => claimDueDeliveries(tx, CLAIM_OF_TEN), (sql) => sql.includes('with busy as'));
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(partitionsRead(plan)).toEqual([week]);
      const scans = plan.split('\n').filter((line) => line.includes(`on ${week}`) && !line.includes('never executed'));
      const read = scans.map((line) => /rows=([\d.]+) loops=(\d+)/.exec(line)!).reduce((sum, m) => sum + Number(m[1]) * Number(m[2]), 0);
      expect(read).toBeLessThanOrEqual(10);
    }
  }

  it('claims deliveries whose ids carry no time (made before the partitions) by key, not by reading their week', async () => {
    const at = new Date(weeksAgo(5).getTime() + 3_600_000);
    const week = `webhook_deliveries_p${weeksAgo(5).toISOString().slice(0, 10).replaceAll('-', '')}`;
    // 300 pending deliveries with v4 ids in one week, due in the order made: a claim of 10 takes the first 10.
    await insertDeliveryRows(test.db, Array.from({ length: 300 }, (_, i) => ({
      id: randomUUID(), account_id: 'parts', webhook_id: hook, event: 'request.create', message: '{}', event_at: at,
      created_at: new Date(at.getTime() + i), next_attempt_at: new Date(Date.now() - 600_000 + i),
    })));
    await expectClaimByKey(week);
    const { claimed } = await claimDueDeliveries(test.db, CLAIM_OF_TEN);
    expect(claimed).toHaveLength(10);
    await test.db('webhook_delivery_queue').where('delivery_id_time', '>=', weeksAgo(5)).andWhere('delivery_id_time', '<', weeksAgo(4)).del();
  });

  it('claims by key deliveries of one millisecond in a week whose statistics say it is empty (a burst after a quiet spell)', async () => {
    const at = new Date(weeksAgo(7).getTime() + 3_600_000);
    const week = `webhook_deliveries_p${weeksAgo(7).toISOString().slice(0, 10).replaceAll('-', '')}`;
    await test.db.raw(`analyze ${week}`);
    // 300 deliveries of one commit: their ids carry the same millisecond, so a range of the claimed ids' times is all of them.
    await insertDeliveryRows(test.db, Array.from({ length: 300 }, (_, i) => ({
      id: newDeliveryId(at), account_id: 'parts', webhook_id: hook, event: 'request.create', message: '{}', event_at: at,
      next_attempt_at: new Date(Date.now() - 600_000 + i),
    })));
    await expectClaimByKey(week);
    await test.db('webhook_delivery_queue').where('delivery_id_time', '>=', weeksAgo(7)).andWhere('delivery_id_time', '<', weeksAgo(6)).del();
  });

  it('makes the weeks ahead once, and drops a week past retention whole unless it holds a pending or paused delivery', async () => {
    const made = await ensureDeliveryLogPartitions(test.db, { daysAhead: 20 });
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((monday) => monday.getTime() > thisWeek + WEEK_MS && monday.getTime() <= Date.now() + 20 * DAY_MS)).toBe(true);
    const parts = await deliveryLogPartitions(test.db);
    expect(parts.at(-1)!.to.getTime()).toBeGreaterThan(Date.now() + 20 * DAY_MS);
    expect(parts.every((p, i) => i === 0 || p.from.getTime() === parts[i - 1]!.to.getTime())).toBe(true);
    expect(await ensureDeliveryLogPartitions(test.db, { daysAhead: 20 })).toEqual([]);

    const pendingAt = new Date(weeksAgo(20).getTime() + 60_000);
    await insertDeliveryRows(test.db, [{
      id: newDeliveryId(pendingAt), account_id: 'parts', webhook_id: hook, event: 'request.create', message: '{}', event_at: pendingAt, created_at: pendingAt,
      next_attempt_at: new Date(Date.now() + DAY_MS),
    }]);
    const { dropped, kept } = await dropExpiredDeliveryLogPartitions(test.db, { retentionDays: 70 });
    expect(kept).toEqual([expect.objectContaining({ from: weeksAgo(20), reason: 'it holds a pending delivery' })]);
    // A week goes once all of it is 70 days old: the one that began 10 weeks ago still holds younger rows.
    expect(dropped.map((p) => p.from)).toEqual([22, 21, 19, 18, 17, 16, 15, 14, 13, 12, 11].map(weeksAgo));
    const left = (await deliveryLogPartitions(test.db)).map((p) => p.from.getTime());
    expect(left[0]).toBe(weeksAgo(20).getTime());
    expect(left[1]).toBe(weeksAgo(10).getTime());
    for (const table of ['webhook_delivery_attempts', 'webhook_event_messages'] as const) {
      expect((await deliveryLogPartitions(test.db, table)).map((p) => p.from.getTime())).toEqual(left);
    }
  });
  it('finishes the weeks a run that died left detached: back when one holds a pending delivery, dropped whole otherwise', async () => {
    await createDeliveryLogPartitions(test.db, weeksAgo(32), weeksAgo(30));
    const pendingAt = new Date(weeksAgo(32).getTime() + 60_000);
    await insertDeliveryRows(test.db, [{
      id: newDeliveryId(pendingAt), account_id: 'parts', webhook_id: hook, event: 'request.create', message: '{}', event_at: pendingAt, created_at: pendingAt,
      next_attempt_at: new Date(Date.now() + DAY_MS),
    }]);
    const suffix = (n: number) => `_p${weeksAgo(n).toISOString().slice(0, 10).replaceAll('-', '')}`;
    // Died between the detach and the attach back of a week with a pending delivery, and halfway through dropping another.
    await test.db.raw(`alter table webhook_deliveries detach partition webhook_deliveries${suffix(32)}`);
    await test.db.raw(`alter table webhook_deliveries detach partition webhook_deliveries${suffix(31)}`);
    await test.db.raw(`alter table webhook_delivery_attempts detach partition webhook_delivery_attempts${suffix(31)}`);

    const { kept } = await dropExpiredDeliveryLogPartitions(test.db, { retentionDays: 70 });
    expect(kept).toEqual(expect.arrayContaining([expect.objectContaining({ from: weeksAgo(32), reason: 'it holds a pending delivery' })]));
    for (const table of ['webhook_deliveries', 'webhook_delivery_attempts', 'webhook_event_messages'] as const) {
      const names = (await deliveryLogPartitions(test.db, table)).map((p) => p.name);
      expect(names).toContain(`${table}${suffix(32)}`);
      expect(names).not.toContain(`${table}${suffix(31)}`);
    }
    const { rows } = await test.db.raw("select relname from pg_class where relname ~ '^webhook_(deliveries|delivery_attempts|event_messages)_p' and not relispartition and relkind = 'r'");
    expect(rows).toEqual([]);
  });
});
