/**
 * The one-statement outcome batch of decision 024 against PostgreSQL: an
 * outcome decided on its delivery as claimed is written only while the row is
 * still leased to it and still as claimed; anything else changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { recordDeliveryOutcomes, trustedAccountId, type ClaimedDelivery, type ClaimOptions, type DeliveryOutcome, type ProgressAsClaimed } from '@tessera/domain';
import { createTestDatabase, deliveryRows, insertDeliveryRows, recordStatements, setLeases, type TestDatabase } from '../testing/index.js';
import { createUnitOfWork } from '../unit-of-work.js';
import { claimDueDeliveries } from './delivery-claims.js';
import { recordAsClaimed } from './delivery-outcomes.js';
import { webhookDeliveryRepository } from './webhook-delivery.repository.js';

describe('recordAsClaimed', () => {
  let test: TestDatabase;
  let hook: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert({ id: 'outcomes', name: 'Outcomes' }).onConflict('id').ignore();
    hook = (await test.db('webhooks').insert({ account_id: 'outcomes', name: 'A', event: 'request.create', uri: 'https://receiver.example/' }).returning('id'))[0].id as number;
  });
  afterAll(() => test.drop());
  beforeEach(async () => {
    await test.db('webhook_delivery_queue').del();
    await test.db('webhook_deliveries').del();
    await test.db('webhooks').where({ id: hook }).update({ consecutive_failures: 3, last_error: '500 Internal Server Error' });
  });

  const options: ClaimOptions = { leasedBy: 'spec', leaseMs: 60_000, limit: 100, perWebhook: 100, inFlight: [] };
  const claim = async (n: number, fields: { test?: boolean } = {}): Promise<ClaimedDelivery[]> => {
    const rows = Array.from({ length: n }, () => ({
      id: randomUUID(), account_id: 'outcomes', webhook_id: hook, event: 'request.create', message: '{}', event_at: new Date(),
      next_attempt_at: new Date(Date.now() - 1000), test: fields.test ?? false,
    }));
    await insertDeliveryRows(test.db, rows);
    return (await claimDueDeliveries(test.db, options)).claimed;
  };
  const delivered = (claimed: ClaimedDelivery, statusCode = 204): ProgressAsClaimed => ({
    progress: { id: claimed.delivery.id, leaseToken: claimed.lease.token, status: 'delivered', attempts: claimed.delivery.attempts + 1, next_attempt_at: null, delivered_at: new Date(), paused_reason: null },
    claimed: { attempts: claimed.delivery.attempts, next_attempt_at: claimed.delivery.next_attempt_at },
    attempt: { started_at: new Date(), duration_ms: 3, status_code: statusCode, error: null, response_excerpt: null },
    webhookId: claimed.webhook.id,
    clearsFailures: true,
  });
  const row = (id: string) => deliveryRows(test.db).where({ id }).first();
  const attempts = (id: string) => test.db('webhook_delivery_attempts').where({ delivery_id: id }).orderBy('attempt').select('attempt', 'status_code', 'account_id');
  const webhook = () => test.db('webhooks').where({ id: hook }).first('consecutive_failures', 'last_error');

  it('writes each outcome, its attempt with the number after those its queue row counts, clears the lease and the webhook failures', async () => {
    const claimed = await claim(3);
    const [first] = claimed;
    // One attempt logged before, as a redelivery leaves it: in the log, and counted by the queue row.
    await test.db('webhook_delivery_attempts').insert({
      account_id: 'outcomes', delivery_id: first!.delivery.id, delivery_id_time: test.db.raw('(select id_time from webhook_deliveries where id = ?)', [first!.delivery.id]),
      attempt: 1, started_at: new Date(), duration_ms: 1,
    });
    await test.db('webhook_delivery_queue').where({ delivery_id: first!.delivery.id }).update({ logged_attempts: 1 });

    const written = await recordAsClaimed(test.db, claimed.map((c) => delivered(c)));

    expect([...written].sort()).toEqual(claimed.map((c) => c.lease.token).sort());
    for (const c of claimed) expect(await row(c.delivery.id)).toMatchObject({ status: 'delivered', attempts: 1, lease_token: null, lease_expires_at: null, leased_by: null, next_attempt_at: null });
    expect(await attempts(first!.delivery.id)).toEqual([expect.objectContaining({ attempt: 1 }), { attempt: 2, status_code: 204, account_id: 'outcomes' }]);
    expect(await attempts(claimed[1]!.delivery.id)).toEqual([{ attempt: 1, status_code: 204, account_id: 'outcomes' }]);
    expect(await webhook()).toEqual({ consecutive_failures: 0, last_error: null });
  });

  it('leaves the webhook failures of a test delivery as they are', async () => {
    const [claimed] = await claim(1, { test: true });
    const failed: ProgressAsClaimed = {
      ...delivered(claimed!, 500),
      progress: { ...delivered(claimed!).progress, status: 'failed', delivered_at: null },
      attempt: { started_at: new Date(), duration_ms: 3, status_code: 500, error: '500 Internal Server Error', response_excerpt: 'no' },
      clearsFailures: false,
    };
    expect(await recordAsClaimed(test.db, [failed])).toEqual([claimed!.lease.token]);
    expect(await row(claimed!.delivery.id)).toMatchObject({ status: 'failed', attempts: 1, lease_token: null });
    expect(await webhook()).toEqual({ consecutive_failures: 3, last_error: '500 Internal Server Error' });
  });

  it('changes nothing for a lost lease: not the delivery, its attempts, nor the webhook', async () => {
    const [held] = await claim(1);
    const id = held!.delivery.id;
    // The lease expired and another process claimed the delivery.
    await setLeases(test.db, [id], { lease_expires_at: test.db.raw("now() - interval '1 second'") });
    const { claimed: [newer] } = await claimDueDeliveries(test.db, { ...options, leasedBy: 'newer' });

    expect(await recordAsClaimed(test.db, [delivered(held!)])).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'pending', lease_token: newer!.lease.token, leased_by: 'newer' });
    expect(await attempts(id)).toEqual([]);
    expect(await webhook()).toEqual({ consecutive_failures: 3, last_error: '500 Internal Server Error' });
  });

  it('changes nothing of a delivery paused or redelivered while its attempt was in flight, and still writes the others', async () => {
    const [paused, redelivered, untouched] = await claim(3);
    // Paused as pausePending leaves a delivery in flight: the log row paused, the queue row due never and touched (decision 060).
    await test.db('webhook_deliveries').where({ id: paused!.delivery.id }).update({ status: 'paused', paused_reason: 'the webhook is disabled', next_attempt_at: null });
    await test.db('webhook_delivery_queue').where({ delivery_id: paused!.delivery.id }).update({ due_at: 'infinity', touched: true });
    // A redelivery: a fresh series, due now, the lease kept (decision 024).
    await webhookDeliveryRepository(test.db).requeue(trustedAccountId('outcomes'), redelivered!.delivery.id);

    expect(await recordAsClaimed(test.db, [paused!, redelivered!, untouched!].map((c) => delivered(c)))).toEqual([untouched!.lease.token]);
    expect(await row(paused!.delivery.id)).toMatchObject({ status: 'paused', lease_token: paused!.lease.token });
    expect(await row(redelivered!.delivery.id)).toMatchObject({ status: 'pending', attempts: 0, lease_token: redelivered!.lease.token });
    expect(await attempts(paused!.delivery.id)).toEqual([]);
    expect(await attempts(redelivered!.delivery.id)).toEqual([]);
    expect(await row(untouched!.delivery.id)).toMatchObject({ status: 'delivered', lease_token: null });
  });

  /** The delivery claimed, its lease expired with the outcome unrecorded (a database outage), and claimed again by another process. */
  const claimedTwice = async (): Promise<[ClaimedDelivery, ClaimedDelivery]> => {
    const [stale] = await claim(1);
    await setLeases(test.db, [stale!.delivery.id], { lease_expires_at: test.db.raw("now() - interval '1 second'") });
    const { claimed: [fresh] } = await claimDueDeliveries(test.db, { ...options, leasedBy: 'newer' });
    return [stale!, fresh!];
  };

  it('writes only the newer holder\'s outcome when both outcomes of one delivery share a batch, with one attempt', async () => {
    const [stale, fresh] = await claimedTwice();
    const id = fresh.delivery.id;

    expect(await recordAsClaimed(test.db, [delivered(stale), delivered(fresh)])).toEqual([fresh.lease.token]);
    expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 1, lease_token: null });
    expect(await attempts(id)).toEqual([{ attempt: 1, status_code: 204, account_id: 'outcomes' }]);
  });

  it('numbers the attempts of a delivery redelivered after those already logged, without searching them', async () => {
    const [first] = await claim(1);
    const id = first!.delivery.id;
    await recordAsClaimed(test.db, [delivered(first!)]);
    const repository = webhookDeliveryRepository(test.db);
    await repository.requeue(trustedAccountId('outcomes'), id);
    expect(await test.db('webhook_delivery_queue').where({ delivery_id: id }).first('logged_attempts')).toEqual({ logged_attempts: 1 });
    const { claimed: [again] } = await claimDueDeliveries(test.db, options);

    expect(await recordAsClaimed(test.db, [delivered(again!, 202)])).toEqual([again!.lease.token]);
    expect(await attempts(id)).toEqual([{ attempt: 1, status_code: 204, account_id: 'outcomes' }, { attempt: 2, status_code: 202, account_id: 'outcomes' }]);
  });

  it('leaves the delivery\'s log row as it was and shows it delivered; a later pause of its webhook leaves it delivered', async () => {
    const [done, waiting] = await claim(2);
    expect(await recordAsClaimed(test.db, [delivered(done!)])).toEqual([done!.lease.token]);
    // The log row is not written (decision 060): the API's state is derived from the queue and the last attempt.
    expect(await test.db('webhook_deliveries').where({ id: done!.delivery.id }).first('status', 'attempts')).toEqual({ status: 'pending', attempts: 0 });
    expect(await row(done!.delivery.id)).toMatchObject({ status: 'delivered', attempts: 1, next_attempt_at: null, lease_token: null });
    expect((await row(done!.delivery.id)).delivered_at).toBeInstanceOf(Date);

    expect(await webhookDeliveryRepository(test.db).pausePending(trustedAccountId('outcomes'), hook, 'the webhook is disabled')).toBe(1);
    expect(await row(done!.delivery.id)).toMatchObject({ status: 'delivered' });
    expect(await row(waiting!.delivery.id)).toMatchObject({ status: 'paused', lease_token: waiting!.lease.token });
  });

  it('deletes an account\'s attempts with the account (no foreign key per attempt)', async () => {
    await test.db('accounts').insert({ id: 'outcomes-gone', name: 'Gone' });
    const gone = (await test.db('webhooks').insert({ account_id: 'outcomes-gone', name: 'G', event: 'request.create', uri: 'https://receiver.example/' }).returning('id'))[0].id as number;
    await insertDeliveryRows(test.db, [{ id: randomUUID(), account_id: 'outcomes-gone', webhook_id: gone, event: 'request.create', message: '{}', event_at: new Date(), next_attempt_at: new Date(Date.now() - 1000) }]);
    const { claimed: [mine] } = await claimDueDeliveries(test.db, options);
    await recordAsClaimed(test.db, [delivered(mine!)]);
    await claim(1).then((c) => recordAsClaimed(test.db, c.map((d) => delivered(d))));
    expect(await test.db('webhook_delivery_attempts').where({ account_id: 'outcomes-gone' }).count('* as n').first()).toEqual({ n: 1 });

    await test.db('accounts').where({ id: 'outcomes-gone' }).del();
    expect(await test.db('webhook_delivery_attempts').where({ account_id: 'outcomes-gone' }).count('* as n').first()).toEqual({ n: 0 });
    expect(await test.db('webhook_delivery_attempts').where({ account_id: 'outcomes' }).count('* as n').first()).not.toEqual({ n: 0 });
  });

  describe('through recordDeliveryOutcomes', () => {
    const answered = (claimed: ClaimedDelivery, statusCode: number): DeliveryOutcome => ({
      ...claimed,
      result: { startedAt: new Date(), durationMs: 2, statusCode, error: statusCode < 300 ? null : `${statusCode} Internal Server Error`, responseExcerpt: null },
    });
    const record = (outcomes: DeliveryOutcome[]) =>
      recordStatements(() => recordDeliveryOutcomes(outcomes, { uow: createUnitOfWork(test.db), retry: { baseMs: 60_000, random: () => 0.5 } }));

    it('records a batch of delivered messages in one statement', async () => {
      const claimed = await claim(3);
      const { result, statements } = await record(claimed.map((c) => answered(c, 204)));
      expect(statements).toHaveLength(1);
      expect(result.recorded.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered']);
      expect(result.lost).toEqual([]);
      for (const c of claimed) expect(await row(c.delivery.id)).toMatchObject({ status: 'delivered', lease_token: null });
      expect(await webhook()).toEqual({ consecutive_failures: 0, last_error: null });
    });

    it('records a batch with a failure in a transaction, in the order the attempts ended, and drops a lost lease', async () => {
      const [first, second, lost] = await claim(3);
      await setLeases(test.db, [lost!.delivery.id], { lease_token: randomUUID() });
      const { result, statements } = await record([answered(first!, 204), answered(second!, 500), answered(lost!, 204)]);
      expect(statements[0]!.trim().toLowerCase()).toMatch(/^begin/);
      expect(result.recorded.map((r) => [r.outcome.delivery.id, r.status])).toEqual([[first!.delivery.id, 'delivered'], [second!.delivery.id, 'pending']]);
      expect(result.lost.map((o) => o.delivery.id)).toEqual([lost!.delivery.id]);
      // The success cleared the three earlier failures, then the failure counted: one.
      expect(await webhook()).toEqual({ consecutive_failures: 1, last_error: '500 Internal Server Error' });
      expect(await row(second!.delivery.id)).toMatchObject({ status: 'pending', attempts: 1, lease_token: null });
      expect((await row(second!.delivery.id)).next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
      expect(await attempts(second!.delivery.id)).toEqual([{ attempt: 1, status_code: 500, account_id: 'outcomes' }]);
      expect(await row(lost!.delivery.id)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await attempts(lost!.delivery.id)).toEqual([]);
    });

    it('drops the stale outcome of a delivery claimed again when both share a batch, also in the transaction', async () => {
      const [stale, fresh] = await claimedTwice();
      const id = fresh.delivery.id;
      // A failure sends the batch through the transaction; the stale success must not be written beside it.
      const { result } = await record([answered(stale, 204), answered(fresh, 500)]);
      expect(result.lost.map((o) => o.lease.token)).toEqual([stale.lease.token]);
      expect(result.recorded.map((r) => [r.outcome.lease.token, r.status])).toEqual([[fresh.lease.token, 'pending']]);
      expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, lease_token: null });
      expect(await attempts(id)).toEqual([{ attempt: 1, status_code: 500, account_id: 'outcomes' }]);
    });

    it('numbers the attempt after a retry from the count the failure left on the queue row', async () => {
      const [first] = await claim(1);
      const id = first!.delivery.id;
      await record([answered(first!, 500)]);
      expect(await test.db('webhook_delivery_queue').where({ delivery_id: id }).first('logged_attempts')).toEqual({ logged_attempts: 1 });
      await test.db('webhook_delivery_queue').where({ delivery_id: id }).update({ due_at: test.db.raw("now() - interval '1 second'") });
      await test.db('webhook_deliveries').where({ id }).update({ next_attempt_at: test.db.raw("now() - interval '1 second'") });
      const { claimed: [again] } = await claimDueDeliveries(test.db, options);
      const { statements } = await record([answered(again!, 204)]);

      expect(statements).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(await attempts(id)).toEqual([{ attempt: 1, status_code: 500, account_id: 'outcomes' }, { attempt: 2, status_code: 204, account_id: 'outcomes' }]);
    });

    it('drops the stale outcome of a delivery claimed again when both share a batch of successes', async () => {
      const [stale, fresh] = await claimedTwice();
      const { result } = await record([answered(stale, 204), answered(fresh, 204)]);
      expect(result.lost.map((o) => o.lease.token)).toEqual([stale.lease.token]);
      expect(result.recorded.map((r) => [r.outcome.lease.token, r.status])).toEqual([[fresh.lease.token, 'delivered']]);
      expect(await attempts(fresh.delivery.id)).toEqual([{ attempt: 1, status_code: 204, account_id: 'outcomes' }]);
    });
  });
});
