/**
 * Issue 34 item 5, decision 052: an ordered webhook receives its messages one at a time in the
 * order their events were committed. The receiver here counts what it is sent and answers each
 * request a little later, so two sends at once would be seen; it fails the third message twice,
 * which must hold every message behind it until the third is delivered.
 *
 * - One worker in the test process, the receiver failing the third message twice.
 * - Two workers at once (one in a process of its own, one in the test process), the first killed
 *   with SIGKILL while the messages are going out: the second takes over once the first's leases
 *   are released (it is found dead), and the receiver still sees them in order, the only repeat
 *   being the message in flight at the kill, sent again.
 */
import type { AccessContext } from '@tessera/domain';
import { seedDemoData } from '@tessera/persistence';
import { createTestDatabase, deliveryRows, type TestDatabase } from '@tessera/persistence/testing';
import { startLiveWorker, type LiveWorker } from './support/live-worker.js';
import { firstArrivals, overtaken, startOrderedReceiver as startReceiver, type OrderedReceiver } from './support/ordered-receiver.js';
import { waitFor } from './support/wait-for.js';
import { adminAccess, sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';
import { spawnWorkerProcess, type WorkerProcess } from './support/worker-process.js';

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('an ordered webhook', () => {
  let test: TestDatabase;
  let access: AccessContext;

  beforeAll(async () => {
    test = await createTestDatabase();
    access = await adminAccess(test, await seedDemoData(test.db));
    await test.db('webhooks').update({ disabled: true });
  });
  afterAll(() => test?.drop());

  /** The only enabled webhook of its event: the earlier tests' ones are disabled. */
  const orderedWebhook = async (receiver: OrderedReceiver) => {
    await test.db('webhooks').update({ disabled: true });
    const id = await sinkWebhook(test, receiver);
    await test.db('webhooks').where({ id }).update({ ordered: true });
    return id;
  };
  const settled = (webhookId: number, count: number) => async () => {
    const rows = await deliveryRows(test.db).where({ webhook_id: webhookId }).select<Array<{ status: string; lease_token: string | null }>>('status', 'lease_token');
    return rows.length === count && rows.every((d) => d.status === 'delivered' && d.lease_token === null);
  };

  describe('with one worker and a receiver that fails the third message twice', () => {
    const COUNT = 12;
    let receiver: OrderedReceiver;
    let worker: LiveWorker | undefined;
    afterAll(async () => {
      await worker?.stop();
      await receiver?.close();
    });

    it('receives every message in commit order, one at a time, the third holding the rest until it is delivered', async () => {
      receiver = await startReceiver({ failTimes: new Map([[3, 2]]), answerAfterMs: 15 });
      const webhookId = await orderedWebhook(receiver);
      // Room for all of them at once, and retries within milliseconds: only the order holds them back.
      worker = await startLiveWorker(test, {
        WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_BASE_MS: '5', WEBHOOK_POLL_MS: '20', WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: '50',
      });
      const requests: number[] = [];
      for (const n of numbers(COUNT)) requests.push(await submitTestEvent(test, access, { subject: `Ordered ${n}` }));
      await waitFor('every message delivered', settled(webhookId, COUNT), 30_000);

      // Each arrival as the number of its event in commit order.
      expect(receiver.arrivals.map((id) => requests.indexOf(id) + 1)).toEqual([1, 2, 3, 3, 3, ...numbers(COUNT).slice(3)]);
      expect(receiver.mostAtOnce).toBe(1);
      const attempts = await deliveryRows(test.db).where({ webhook_id: webhookId }).orderBy('event_seq').pluck('attempts');
      expect(attempts).toEqual(numbers(COUNT).map((n) => (n === 3 ? 3 : 1)));
    }, 60_000);
  });

  describe('with two workers, one killed with SIGKILL while the messages go out', () => {
    const COUNT = 40;
    const LIVENESS = { WORKER_HEARTBEAT_MS: '250', WORKER_DEAD_AFTER_MS: '2000' };
    const DELIVERY = {
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_RETRY_BASE_MS: '5', WEBHOOK_POLL_MS: '20', WEBHOOK_LEASE_MS: '4000',
      WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: '50',
    };
    let receiver: OrderedReceiver;
    let first: WorkerProcess | undefined;
    let second: LiveWorker | undefined;
    afterAll(async () => {
      await first?.kill();
      await second?.stop();
      await receiver?.close();
    });

    it('keeps the order through the kill: the message in flight is sent again, none overtakes another', async () => {
      receiver = await startReceiver({ failTimes: new Map([[3, 2]]), answerAfterMs: 30 });
      const webhookId = await orderedWebhook(receiver);
      first = spawnWorkerProcess({ DATABASE_URL: test.url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SMTP_URL: '', ...LIVENESS, ...DELIVERY });
      second = await startLiveWorker(test, { ...LIVENESS, ...DELIVERY });
      const worker = first;
      // Half the events before the kill, the rest after it: fanned out and sent by both workers.
      const requests: number[] = [];
      for (const n of numbers(COUNT / 2)) requests.push(await submitTestEvent(test, access, { subject: `Ordered before the kill ${n}` }));
      await waitFor('a few messages delivered', async () => {
        if (worker.child.exitCode !== null || worker.child.signalCode !== null) throw new Error(`the worker process ended on its own:\n${worker.output()}`);
        return firstArrivals(receiver.arrivals).length >= 8;
      }, 30_000);
      await worker.kill();
      expect(await worker.exited).toBe('SIGKILL');
      for (const n of numbers(COUNT).slice(COUNT / 2)) requests.push(await submitTestEvent(test, access, { subject: `Ordered after the kill ${n}` }));
      await waitFor('every message delivered', settled(webhookId, COUNT), 40_000).catch(async (error: Error) => {
        const queue = await test.db('webhook_delivery_queue').orderBy('ordered_seq').select('ordered_seq', 'due_at', 'lease_token', 'leased_by');
        const jobs = await test.db('graphile_worker.jobs').select('id', 'task_identifier', 'attempts', 'locked_by', 'last_error');
        throw new Error(`${error.message}\narrivals ${JSON.stringify(receiver.arrivals.map((id) => requests.indexOf(id) + 1))}\nqueue ${JSON.stringify(queue)}\njobs ${JSON.stringify(jobs)}`);
      });

      const arrivals = receiver.arrivals.map((id) => requests.indexOf(id) + 1);
      expect(firstArrivals(arrivals)).toEqual(numbers(COUNT));
      expect(overtaken(arrivals)).toBe(false);
      expect(arrivals.filter((n) => n === 3)).toHaveLength(3);
      // Besides the third's two failures, at most the one message in flight at the kill came twice.
      expect(arrivals.length).toBeLessThanOrEqual(COUNT + 2 + 1);
      expect(receiver.mostAtOnce).toBe(1);
    }, 120_000);
  });
});
