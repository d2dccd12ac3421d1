/**
 * A burst after a quiet spell: the queue and the week's log were analyzed while empty (a queue
 * table is empty most of the time), then thousands of deliveries arrive before autovacuum looks
 * again. Planned from statistics that say "empty", a batch joined to the queue read the whole
 * queue once per row of the batch (the claim 0.8 s, a failed attempt's outcome 0.9 s, releasing
 * leases 0.2 s, with 20,480 queued). Every batch statement must find its rows by key whatever the
 * statistics say: measured here by the heap rows each one fetched (pg_stat_xact_user_tables).
 */
import { newDeliveryId, type ClaimedDelivery, type DeliveryLease } from '@tessera/domain';
import { createTestDatabase, insertDeliveryRows, type TestDatabase } from '../testing/index.js';
import { claimDueDeliveries } from './delivery-claims.js';
import { weekOf } from './delivery-log-partitions.js';
import { addAttempts, leasedStates, recordAsClaimed, recordProgress, releaseLeases } from './delivery-outcomes.js';

const QUEUED = 3_000;

describe('delivery batches planned from statistics that say the queue is empty', () => {
  let test: TestDatabase;
  let hook: number;
  const week = `webhook_deliveries_p${weekOf(new Date()).toISOString().slice(0, 10).replaceAll('-', '')}`;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert({ id: 'stale', name: 'Stale' });
    hook = (await test.db('webhooks').insert({ account_id: 'stale', name: 'A', event: 'request.create', uri: 'https://receiver.example/' }).returning('id'))[0].id as number;
    // Pages without a live row, as a drained queue has them: statistics then say no row per page.
    await insertDeliveryRows(test.db, Array.from({ length: 500 }, () => ({ id: newDeliveryId(new Date()), account_id: 'stale', webhook_id: hook, event: 'request.create', message: '{}', event_at: new Date() })));
    await test.db('webhook_delivery_queue').del();
    await test.db('webhook_deliveries').del();
    await test.db.raw(`analyze webhook_delivery_queue, ${week}`);
    // One commit's burst: every id carries the same millisecond.
    const at = new Date();
    await insertDeliveryRows(test.db, Array.from({ length: QUEUED }, (_, i) => ({
      id: newDeliveryId(at), account_id: 'stale', webhook_id: hook, event: 'request.create', message: '{}', event_at: at,
      next_attempt_at: new Date(Date.now() - 600_000 + i),
    })));
  });
  afterAll(() => test.drop());

  /** Heap rows of the queue and of the week's log `work` fetched, by index or by scan, in a transaction rolled back. */
  async function rowsFetched(work: (tx: TestDatabase['db']) => Promise<unknown>): Promise<{ queue: number; log: number }> {
    let fetched = { queue: 0, log: 0 };
    const counts = async (tx: TestDatabase['db']) => {
      const { rows } = await tx.raw<{ rows: Array<{ relname: string; n: string }> }>(
        `select relname, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_xact_user_tables where relname in ('webhook_delivery_queue', ?)`,
        [week],
      );
      const of = (name: string) => Number(rows.find((row) => row.relname === name)?.n ?? 0);
      return { queue: of('webhook_delivery_queue'), log: of(week) };
    };
    await test.db
      .transaction(async (tx) => {
        const before = await counts(tx);
        await work(tx);
        const after = await counts(tx);
        fetched = { queue: after.queue - before.queue, log: after.log - before.log };
        throw new Error('roll back');
      })
      .catch((error: Error) => {
        if (error.message !== 'roll back') throw error;
      });
    return fetched;
  }

  const claim = (tx: TestDatabase['db']) => claimDueDeliveries(tx, { leasedBy: 'spec', leaseMs: 60_000, limit: 20, perWebhook: 20, inFlight: [] }).then((r) => r.claimed);
  const leasesOf = (claimed: readonly ClaimedDelivery[]): DeliveryLease[] => claimed.map((c) => c.lease);

  it('claims by key: the due rows it passes over for the cap, and the rows it leases', async () => {
    let claimed: ClaimedDelivery[] = [];
    const fetched = await rowsFetched(async (tx) => (claimed = await claim(tx)));
    expect(claimed).toHaveLength(20);
    // Up to four candidates per delivery asked for (the scan factor), then each leased row and its log row once.
    expect(fetched.queue).toBeLessThanOrEqual(4 * 20 + 2 * 20);
    expect(fetched.log).toBeLessThanOrEqual(2 * 20);
  });

  it('records a failed attempt by key: the leases held, the attempts, the progress', async () => {
    const fetched = await rowsFetched(async (tx) => {
      const leases = leasesOf(await claim(tx));
      expect(await leasedStates(tx, leases)).toHaveLength(20);
      await addAttempts(tx, leases.map((l) => ({ deliveryId: l.id, leaseToken: l.token, started_at: new Date(), duration_ms: 3, status_code: 500, error: '500 Internal Server Error', response_excerpt: null })));
      expect(await recordProgress(tx, leases.map((l) => ({ id: l.id, leaseToken: l.token, status: 'pending' as const, attempts: 1, next_attempt_at: new Date(Date.now() + 60_000), delivered_at: null, paused_reason: null })))).toHaveLength(20);
    });
    // The claim's rows and these statements' together: a handful of fetches per delivery, not the 3,000 queued per delivery.
    expect(fetched.queue).toBeLessThanOrEqual(4 * 20 + 10 * 20);
    expect(fetched.log).toBeLessThanOrEqual(2 * 20 + 6 * 20);
  });

  it('releases leases and records deliveries as claimed by key', async () => {
    const fetched = await rowsFetched(async (tx) => {
      const claimed = await claim(tx);
      expect(await releaseLeases(tx, leasesOf(claimed.slice(0, 10)))).toBe(10);
      const written = await recordAsClaimed(tx, claimed.slice(10).map((c) => ({
        progress: { id: c.delivery.id, leaseToken: c.lease.token, status: 'delivered' as const, attempts: 1, next_attempt_at: null, delivered_at: new Date(), paused_reason: null },
        claimed: { attempts: 0, next_attempt_at: c.delivery.next_attempt_at },
        attempt: { started_at: new Date(), duration_ms: 3, status_code: 204, error: null, response_excerpt: null },
        webhookId: hook, clearsFailures: true,
      })));
      expect(written).toHaveLength(10);
    });
    expect(fetched.queue).toBeLessThanOrEqual(4 * 20 + 10 * 20);
    expect(fetched.log).toBeLessThanOrEqual(2 * 20 + 4 * 20);
  });
});
