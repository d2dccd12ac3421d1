/**
 * Issue 9 item 5: "kill one [worker] mid-delivery and its messages are still
 * delivered". The worker app runs as production runs it (src/main.ts in its own
 * process) and is killed with SIGKILL while a receiver holds its POST open; a
 * second worker then sends the same message, with the same delivery id, once
 * the first one's heartbeats are WORKER_DEAD_AFTER_MS old (decision 017). While
 * the first one lives and beats, the second one leaves its delivery alone.
 */
import { JOBS, type AccessContext } from '@tessera/domain';
import { listQueuedJobs, seedDemoData } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { startHttpSink, type HttpSink } from './support/http-sink.js';
import { startLiveWorker, type LiveWorker } from './support/live-worker.js';
import { waitFor } from './support/wait-for.js';
import { adminAccess, attemptsOf, deliveriesOf, sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';
import { spawnWorkerProcess, type WorkerProcess } from './support/worker-process.js';

// Dead-after is twelve heartbeats: on a loaded CI machine (2 cores, several test projects at once) a live
// worker's beats have arrived more than 1 s apart, and a live worker declared dead is not what this tests.
const HEARTBEAT_MS = 250;
const DEAD_AFTER_MS = 3000;
const LIVENESS = { WORKER_HEARTBEAT_MS: String(HEARTBEAT_MS), WORKER_DEAD_AFTER_MS: String(DEAD_AFTER_MS) };
// A retry would also send the message again: far enough away that only the dead worker's unlocked job can.
const DELIVERY = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_RETRY_BASE_MS: '600000' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a worker killed mid-delivery', () => {
  let test: TestDatabase;
  let access: AccessContext;
  let sink: HttpSink;
  let webhookId: number;
  let first: WorkerProcess | undefined;
  let second: LiveWorker | undefined;

  beforeAll(async () => {
    test = await createTestDatabase();
    access = await adminAccess(test, await seedDemoData(test.db));
    sink = await startHttpSink();
    // The first request is never answered: the worker that sent it is mid-delivery until it dies.
    sink.respond('hang');
    await test.db('webhooks').update({ disabled: true });
    webhookId = await sinkWebhook(test, sink, { event: 'request.create' });
  });
  afterAll(async () => {
    await first?.kill();
    await second?.stop();
    await sink?.close();
    await test?.drop();
  });

  const hits = () => sink.requests.filter((r) => r.path === `/hook/${webhookId}`);
  const processRowOf = (pid: number) => test.db('worker_processes').where({ pid }).first<{ id: string; queue_worker_ids: string[] } | undefined>();
  const deliveryJobs = () =>
    test.db('graphile_worker._private_jobs as j').join('graphile_worker._private_tasks as t', 't.id', 'j.task_id')
      .where('t.identifier', JOBS.webhookDelivery).select('j.attempts', 'j.locked_by', 'j.payload');
  /** Fails at once, with the child's output, if it ended before the test killed it. */
  const alive = (child: WorkerProcess) => {
    if (child.child.exitCode !== null || child.child.signalCode !== null) throw new Error(`the worker process ended on its own:\n${child.output()}`);
  };

  it('sends the message again, with the same delivery id, from another worker once the killed one is dead-after unseen', async () => {
    first = spawnWorkerProcess({
      DATABASE_URL: test.url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SMTP_URL: '', ...LIVENESS, ...DELIVERY,
    });
    const worker = first;
    const firstRow = await waitFor('the worker process to start its job runner', async () => (alive(worker), processRowOf(worker.pid)), 20_000);

    await submitTestEvent(test, access, { subject: 'Delivered although its worker dies' });
    const held = await waitFor('the first POST at the receiver', async () => (alive(worker), hits()[0]));
    sink.respond({ status: 200, body: 'thanks' });
    const [delivery] = await deliveriesOf(test, webhookId);
    expect(held.headers['x-tessera-delivery']).toBe(delivery!.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
    // The fan-out is done; what the first worker holds is the delivery's job alone.
    expect(await listQueuedJobs(test.db, JOBS.webhookEvent)).toEqual([]);
    const [heldJob] = await deliveryJobs();
    expect(heldJob).toMatchObject({ attempts: 1, payload: { delivery_id: delivery!.id } });
    expect((await processRowOf(worker.pid))!.queue_worker_ids).toContain(heldJob!.locked_by);

    // Two workers for several dead-after periods: the first one beats, so the second one's sweeps leave its job locked.
    // The job is checked, not only the receiver: a sweep that wrongly freed it would still send nothing (the
    // delivery's advisory lock answers 'busy') but would requeue it.
    second = await startLiveWorker(test, { ...LIVENESS, ...DELIVERY });
    await sleep(2.5 * DEAD_AFTER_MS);
    alive(worker);
    expect(hits()).toHaveLength(1);
    expect(await deliveryJobs()).toEqual([expect.objectContaining({ attempts: 1, locked_by: heldJob!.locked_by })]);
    expect(second.logs.filter((line) => line['msg'] === 'webhook delivery attempt')).toEqual([]);

    await worker.kill();
    const killedAt = Date.now();
    expect(await worker.exited).toBe('SIGKILL');

    const again = await waitFor('the same message from the second worker', async () => hits()[1], DEAD_AFTER_MS + 7_000);
    const tookMs = Date.now() - killedAt;
    expect(again.headers['x-tessera-delivery']).toBe(delivery!.id);
    expect(again.headers['webhook-id']).toBe(delivery!.id);
    expect(held.headers['webhook-id']).toBe(delivery!.id);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(held.body));
    // Not before the dead worker's last heartbeat was dead-after old (it beat up to one period before the kill; one more of slack).
    expect(tookMs).toBeGreaterThanOrEqual(DEAD_AFTER_MS - 2 * HEARTBEAT_MS);

    await waitFor('the delivery to be delivered', async () => (await deliveriesOf(test, webhookId))[0]?.status === 'delivered');
    await waitFor('its job to leave the queue', async () => (await deliveryJobs()).length === 0);
    expect((await deliveriesOf(test, webhookId))[0]).toMatchObject({ id: delivery!.id, status: 'delivered', attempts: 1, delivered_at: expect.any(Date) });
    // The killed attempt's transaction never committed: the log has the second worker's attempt only.
    const attempts = await attemptsOf(test, delivery!.id);
    expect(attempts).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, error: null, response_excerpt: 'thanks' })]);
    expect(attempts[0]!.started_at.getTime()).toBeGreaterThanOrEqual(killedAt);
    expect(second.logs).toContainEqual(expect.objectContaining({ msg: 'unlocked the jobs of a dead worker process', processId: firstRow.id, pid: worker.pid }));
    expect(second.logs).toContainEqual(expect.objectContaining({ msg: 'webhook delivery attempt', deliveryId: delivery!.id, outcome: 'delivered' }));
    expect(await processRowOf(worker.pid)).toBeUndefined();
    expect(hits()).toHaveLength(2);
  }, 60_000);
});
