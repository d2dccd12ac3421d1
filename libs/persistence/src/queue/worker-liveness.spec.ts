import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, deliveryRows, enqueueUncheckedJob, insertDeliveryRows, setLeases, type TestDatabase } from '../testing/index.js';
import { startJobRunner, type JobHandler, type JobRunner } from './job-runner.js';

const BLOCKING_RUNNER = fileURLToPath(new URL('./testing/blocking-runner.ts', import.meta.url));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ProcessRow { id: string; queue_worker_ids: string[]; pid: number; seen_at: Date }
interface JobRow { id: string; attempts: number; locked_by: string | null }

describe('worker liveness — heartbeats in worker_processes, and the jobs of dead runners unlocked', () => {
  let test: TestDatabase;
  let logs: Array<{ level: string; message: string; context: Record<string, unknown> }>;
  const runners: JobRunner[] = [];
  const children: ChildProcess[] = [];

  const startRunner = async (tasks: Record<string, JobHandler>, liveness: { heartbeatMs: number; deadAfterMs: number }) => {
    const runner = await startJobRunner({
      connectionString: test.url, concurrency: 1, pollIntervalMs: 200, tasks, liveness,
      log: (level, message, context) => logs.push({ level, message, context }),
    });
    runners.push(runner);
    return runner;
  };
  const processRows = (): Promise<ProcessRow[]> => test.db('worker_processes').select('id', 'queue_worker_ids', 'pid', 'seen_at').orderBy('id');
  const jobs = (task: string): Promise<JobRow[]> =>
    test.db('graphile_worker._private_jobs as j').join('graphile_worker._private_tasks as t', 't.id', 'j.task_id')
      .where('t.identifier', task).select(test.db.raw('j.id::text as id'), 'j.attempts', 'j.locked_by');
  const unlockLogs = () => logs.filter((line) => line.message === 'unlocked the jobs of a dead worker process');

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  beforeEach(() => {
    logs = [];
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const runner of runners.splice(0)) await runner.stop();
    await test.db('worker_processes').delete();
    await test.db.raw('delete from graphile_worker._private_jobs');
  });
  afterAll(() => test.drop());

  it('runs the job of a runner killed with SIGKILL on a live runner soon after dead-after, not 4 hours later', async () => {
    const heartbeatMs = 200;
    const deadAfterMs = 1500;
    await enqueueUncheckedJob(test.db, 'block', { n: 1 });
    const child = spawn(process.execPath, ['--import', 'tsx', BLOCKING_RUNNER], {
      env: { ...process.env, DATABASE_URL: test.url, HEARTBEAT_MS: String(heartbeatMs), DEAD_AFTER_MS: String(deadAfterMs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const lines: Array<Record<string, string>> = [];
    createInterface({ input: child.stdout! }).on('line', (line) => lines.push(JSON.parse(line) as Record<string, string>));
    const exited = new Promise((resolve) => child.once('exit', resolve));

    const started = await waitFor('the child to start the job', async () => lines.find((line) => line.started), 15_000);
    const jobId = String(started.started);
    const childProcessId = lines.find((line) => line.ready)!.ready;
    const [locked] = await jobs('block');
    expect(locked).toEqual({ id: jobId, attempts: 1, locked_by: expect.stringMatching(/^pool-/) });
    // The row names the lock the job carries: that is what a sweep unlocks.
    expect(await processRows()).toEqual([expect.objectContaining({ id: childProcessId, pid: child.pid, queue_worker_ids: expect.arrayContaining([locked!.locked_by]) })]);

    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    const ran: Array<{ id: string; attempts: number; at: number }> = [];
    const survivor = await startRunner({ block: async (_payload, job) => void ran.push({ id: String(job.id), attempts: job.attempts, at: Date.now() }) }, { heartbeatMs, deadAfterMs });

    await waitFor('the job to leave the queue', async () => (await jobs('block')).length === 0, deadAfterMs + 5_000);
    expect(ran).toEqual([{ id: jobId, attempts: 2, at: expect.any(Number) }]);
    // Not before the dead runner's last heartbeat was dead-after old (it beat about heartbeatMs before the kill; the margin allows a late beat).
    expect(ran[0]!.at - killedAt).toBeGreaterThanOrEqual(deadAfterMs - 3 * heartbeatMs);
    expect(ran[0]!.at - killedAt).toBeLessThan(deadAfterMs + 3_000);
    expect((await processRows()).map((row) => row.id)).toEqual([survivor.processId]);
    expect(unlockLogs()).toEqual([expect.objectContaining({ level: 'warn', context: expect.objectContaining({ processId: childProcessId, pid: child.pid }) })]);
    expect(logs).toContainEqual(expect.objectContaining({ message: 'jobs of dead worker processes run again', context: { jobIds: [jobId] } }));
  }, 25_000);

  it('keeps its row fresh by the database clock, puts it back if someone deleted it, and deletes it on a graceful stop', async () => {
    const runner = await startRunner({ noop: async () => undefined }, { heartbeatMs: 100, deadAfterMs: 1000 });
    const first = await waitFor('the row to name the worker pool', async () => (await processRows()).find((row) => row.queue_worker_ids.some((id) => id.startsWith('pool-'))));
    expect(first).toMatchObject({ id: runner.processId, pid: process.pid });
    const seen = await waitFor('a later heartbeat', async () => {
      const [row] = await processRows();
      return row && row.seen_at > first.seen_at && row;
    });
    expect(seen.queue_worker_ids).toEqual(first.queue_worker_ids);

    await test.db('worker_processes').delete();
    await waitFor('the row to come back', async () => (await processRows()).find((row) => row.id === runner.processId));

    runners.splice(runners.indexOf(runner), 1);
    await runner.stop();
    expect(await processRows()).toEqual([]);
  });

  it('never unlocks a live runner: two runners beating across many sweep periods run a slow job once', async () => {
    // Ten heartbeats per dead-after: on a loaded 2-core CI machine beats have come more than 1 s apart.
    const heartbeatMs = 200;
    const deadAfterMs = 2000;
    const ran: string[] = [];
    const slow: JobHandler = async (_payload, job) => {
      ran.push(job.id);
      await sleep(3 * deadAfterMs);
    };
    const a = await startRunner({ slow }, { heartbeatMs, deadAfterMs });
    const b = await startRunner({ slow }, { heartbeatMs, deadAfterMs });
    await enqueueUncheckedJob(test.db, 'slow', {});

    await waitFor('the slow job to finish', async () => (await jobs('slow')).length === 0, 15_000);
    expect(ran).toHaveLength(1);
    expect(unlockLogs()).toEqual([]);
    expect((await processRows()).map((row) => row.id).sort()).toEqual([a.processId, b.processId].sort());
  }, 30_000);

  it('frees at once the locks of a row last seen long ago by the database clock, and leaves a fresh row of another host alone', async () => {
    await test.db.raw(`insert into worker_processes (id, queue_worker_ids, hostname, pid, seen_at) values
      ('gone:1:a', '{pool-gone}', 'gone', 1, now() - interval '1 hour'),
      ('elsewhere:2:b', '{pool-elsewhere}', 'elsewhere', 2, now())`);
    await enqueueUncheckedJob(test.db, 'orphan', { of: 'gone' });
    await enqueueUncheckedJob(test.db, 'orphan', { of: 'elsewhere' });
    await test.db.raw(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'pool-' || (payload->>'of')`);
    const ran: unknown[] = [];

    await startRunner({ orphan: async (payload) => void ran.push(payload) }, { heartbeatMs: 5_000, deadAfterMs: 30_000 });

    await waitFor('the orphaned job to run', async () => ran.length > 0);
    await sleep(500);
    expect(ran).toEqual([{ of: 'gone' }]);
    expect(await jobs('orphan')).toEqual([expect.objectContaining({ locked_by: 'pool-elsewhere' })]);
    expect((await processRows()).map((row) => row.id)).toContain('elsewhere:2:b');
    expect(unlockLogs()).toEqual([expect.objectContaining({ context: expect.objectContaining({ processId: 'gone:1:a', queueWorkerIds: ['pool-gone'] }) })]);
  });

  it('releases the delivery leases of a dead process, not those of a holder a live row still names', async () => {
    await test.db('accounts').insert({ id: 'liveness', name: 'Liveness' }).onConflict('id').ignore();
    const [hook] = await test.db('webhooks').insert({ account_id: 'liveness', name: 'L', event: 'request.create', uri: 'https://receiver.example/' }).returning('id');
    // A dead process; a process with one lane stale and one still beating (the same holder); a live process.
    await test.db.raw(`insert into worker_processes (id, queue_worker_ids, hostname, pid, seen_at, lease_holder) values
      ('gone:1:a', '{pool-gone}', 'gone', 1, now() - interval '1 hour', 'gone-holder'),
      ('split:2:a', '{pool-split-a}', 'split', 2, now() - interval '1 hour', 'split-holder'),
      ('split:2:b', '{pool-split-b}', 'split', 2, now(), 'split-holder'),
      ('elsewhere:3:c', '{pool-elsewhere}', 'elsewhere', 3, now(), 'elsewhere-holder')`);
    const leased = (holder: string) => ({
      id: crypto.randomUUID(), account_id: 'liveness', webhook_id: hook.id as number, event: 'request.create', message: '{}', event_at: new Date(),
      next_attempt_at: new Date(), lease_token: crypto.randomUUID(), lease_expires_at: new Date(Date.now() + 3_600_000), leased_by: holder,
    });
    const rows = [leased('gone-holder'), leased('gone-holder'), leased('split-holder'), leased('elsewhere-holder')];
    await insertDeliveryRows(test.db, rows.map(({ lease_token: _t, lease_expires_at: _e, leased_by: _b, ...row }) => row));
    for (const row of rows) await setLeases(test.db, [row.id], row);

    await startRunner({}, { heartbeatMs: 5_000, deadAfterMs: 30_000 });

    const held = async () => (await deliveryRows(test.db).whereNotNull('lease_token').select('leased_by')).map((row: { leased_by: string }) => row.leased_by).sort();
    await waitFor('the dead process\'s leases released', async () => (await held()).length === 2);
    expect(await held()).toEqual(['elsewhere-holder', 'split-holder']);
    expect(logs.filter((line) => line.message === 'released the delivery leases of dead worker processes')).toEqual([
      expect.objectContaining({ context: expect.objectContaining({ deliveries: 2, processIds: expect.arrayContaining(['gone:1:a', 'split:2:a']) }) }),
    ]);
    await test.db('webhook_delivery_queue').delete();
    await test.db('webhook_deliveries').delete();
  });

  it('frees, at its graceful stop, a job it still held (its end could not be recorded), and lets its replacement free them too', async () => {
    const liveness = { heartbeatMs: 200, deadAfterMs: 1500 };
    const lockWith = async (poolId: string) => {
      await test.db.raw("update graphile_worker._private_jobs set locked_by = ?, locked_at = now()", [poolId]);
      return poolId;
    };
    const poolOf = async (runner: JobRunner) => {
      const row = await waitFor('the runner to register its ids', async () => (await processRows()).find((r) => r.id === runner.processId && r.queue_worker_ids.length > 0));
      return row.queue_worker_ids.find((id) => id.startsWith('pool-'))!;
    };
    // No runner handles 'parked': the lock is the only thing that keeps it, as after a failed completion.
    await enqueueUncheckedJob(test.db, 'parked', { n: 1 });

    const first = await startRunner({ other: async () => undefined }, liveness);
    await lockWith(await poolOf(first));
    await first.stop();
    expect(await jobs('parked')).toEqual([expect.objectContaining({ locked_by: null })]);
    expect(logs).toContainEqual(expect.objectContaining({ message: 'unlocked the jobs this worker process still held' }));

    // A runner that stopped on its own (here: one whose lock is set by hand) is replaced: its successor frees its locks first.
    const second = await startRunner({ other: async () => undefined }, liveness);
    await lockWith(await poolOf(second));
    expect(await jobs('parked')).toEqual([expect.objectContaining({ locked_by: expect.stringMatching(/^pool-/) })]);
    const replacement = await startJobRunner({
      connectionString: test.url, concurrency: 1, tasks: { other: async () => undefined }, liveness, releaseFirst: second.identity(),
      log: (level, message, context) => logs.push({ level, message, context }),
    });
    runners.push(replacement);
    expect(await jobs('parked')).toEqual([expect.objectContaining({ locked_by: null })]);
    expect(logs).toContainEqual(expect.objectContaining({ message: 'unlocked the jobs of the job runner this one replaces', context: expect.objectContaining({ processId: second.processId }) }));
  });

  it('refuses a dead-after shorter than three heartbeats', async () => {
    await expect(startRunner({}, { heartbeatMs: 1000, deadAfterMs: 2999 })).rejects.toThrow('deadAfterMs (2999) must be at least 3 × heartbeatMs (1000)');
    expect(await processRows()).toEqual([]);
  });
});
