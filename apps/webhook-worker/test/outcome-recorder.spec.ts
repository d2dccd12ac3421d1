/**
 * Issue 30 item 1: an error recording outcomes that is not an outage (here a
 * NUL character, which PostgreSQL text cannot hold, in one outcome's answer)
 * used to be taken for one: the whole batch was retried every 2 s for ever and
 * every later outcome queued behind it. The batch is split instead, the one
 * outcome that cannot be written is logged and parked, the others are recorded.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { claimDeliveries, type ClaimedDelivery, type DeliveryOutcome } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import { createTestDatabase, deliveryRows, insertDeliveryRows, type TestDatabase } from '@tessera/persistence/testing';
import { outcomeRecorder } from '../src/deliveries/outcome-recorder.js';

describe('the outcome recorder', () => {
  let test: TestDatabase;
  let hook: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert({ id: 'recorder', name: 'Recorder' }).onConflict('id').ignore();
    hook = (await test.db('webhooks').insert({ account_id: 'recorder', name: 'R', event: 'request.create', uri: 'https://receiver.example/' }).returning('id'))[0].id as number;
  });
  afterAll(() => test.drop());

  const claim = async (n: number): Promise<ClaimedDelivery[]> => {
    await insertDeliveryRows(test.db, Array.from({ length: n }, () => ({
      id: randomUUID(), account_id: 'recorder', webhook_id: hook, event: 'request.create', message: '{}', event_at: new Date(), next_attempt_at: new Date(Date.now() - 1000),
    })));
    return (await claimDeliveries(createUnitOfWork(test.db).repositories, { leasedBy: 'spec', leaseMs: 60_000, limit: 100, perWebhook: 100, inFlight: [] })).claimed;
  };
  const answered = (claimed: ClaimedDelivery, excerpt: string): DeliveryOutcome => ({
    ...claimed, result: { startedAt: new Date(), durationMs: 2, statusCode: 200, error: null, responseExcerpt: excerpt },
  });

  it('records the other outcomes of a batch when one cannot be written, and logs and parks that one', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>), done()) }));
    const recorder = outcomeRecorder({ uow: createUnitOfWork(test.db), retry: { baseMs: 60_000 }, flushMs: 5, batchSize: 64, logger });
    const claimed = await claim(5);
    const bad = claimed[2]!;
    for (const c of claimed) recorder.add(answered(c, c === bad ? 'a\u0000b' : 'ok'));

    await recorder.drain(5_000);

    const rows = await deliveryRows(test.db).whereIn('id', claimed.map((c) => c.delivery.id)).select('id', 'status', 'lease_token');
    const byId = new Map(rows.map((row: { id: string; status: string; lease_token: string | null }) => [row.id, row]));
    for (const c of claimed.filter((each) => each !== bad)) expect(byId.get(c.delivery.id)).toMatchObject({ status: 'delivered', lease_token: null });
    expect(byId.get(bad.delivery.id)).toMatchObject({ status: 'pending', lease_token: bad.lease.token });
    expect(recorder.unrecorded()).toEqual([]);
    await expect(recorder.check()).resolves.toBeUndefined();
    const parked = lines.filter((line) => String(line['msg']).startsWith('delivery outcome cannot be recorded; parked'));
    expect(parked.map((line) => line['deliveryId'])).toEqual([bad.delivery.id]);
    expect(lines.filter((line) => line['msg'] === 'cannot record delivery outcomes; retrying')).toEqual([]);

    // Later outcomes are not held up by it.
    const [later] = await claim(1);
    recorder.add(answered(later!, 'ok'));
    await recorder.drain(5_000);
    expect(await deliveryRows(test.db).where({ id: later!.delivery.id }).first('status')).toEqual({ status: 'delivered' });
  });
});
