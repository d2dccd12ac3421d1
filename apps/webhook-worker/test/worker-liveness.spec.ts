import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { JOBS } from '@tessera/domain';
import { enqueueJob, listQueuedJobs } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { ConfigError } from '@tessera/validation';
import { loadWorkerConfig } from '../src/config.js';
import { createMailer } from '../src/mailer.js';
import { startQueueRunner, type QueueRunner } from '../src/queue-runner.js';
import { createWorkerServices } from '../src/services.js';
import { waitFor } from './support/wait-for.js';

const DATABASE_URL = 'postgres://localhost/tessera';

describe('worker liveness settings', () => {
  it('defaults to a heartbeat every 2 s and dead after 6 s: a dead worker\'s work resumes within 10 s', () => {
    expect(loadWorkerConfig({ DATABASE_URL })).toMatchObject({ heartbeatMs: 2_000, deadAfterMs: 6_000 });
    expect(loadWorkerConfig({ DATABASE_URL, WORKER_HEARTBEAT_MS: '1000', WORKER_DEAD_AFTER_MS: '3000' })).toMatchObject({ heartbeatMs: 1_000, deadAfterMs: 3_000 });
  });

  it.each([
    [{ WORKER_HEARTBEAT_MS: '1000', WORKER_DEAD_AFTER_MS: '2999' }, 'WORKER_DEAD_AFTER_MS: must be at least 3 × WORKER_HEARTBEAT_MS'],
    [{ WORKER_DEAD_AFTER_MS: '5999' }, 'WORKER_DEAD_AFTER_MS: must be at least 3 × WORKER_HEARTBEAT_MS'],
    [{ WORKER_HEARTBEAT_MS: '50' }, 'WORKER_HEARTBEAT_MS: Too small'],
    [{ WORKER_HEARTBEAT_MS: 'often' }, 'WORKER_HEARTBEAT_MS: Invalid input'],
    [{ WORKER_DEAD_AFTER_MS: String(5 * 3_600_000) }, 'WORKER_DEAD_AFTER_MS: Too big'],
  ])('refuses %j', (env, problem) => {
    const load = () => loadWorkerConfig({ DATABASE_URL, ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(problem);
  });
});

describe('worker liveness in the running worker', () => {
  let test: TestDatabase;
  let mailboxDir: string;
  let runner: QueueRunner | undefined;
  const logs: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    mailboxDir = await mkdtemp(path.join(tmpdir(), 'tessera-liveness-'));
  });
  afterAll(async () => {
    await runner?.stop();
    await rm(mailboxDir, { recursive: true, force: true });
    await test.drop();
  });

  // Started as main.ts starts it: config → queue runner.
  const startWorker = async (env: Record<string, string>) => {
    const config = loadWorkerConfig({ DATABASE_URL: test.url, MAILBOX_DIR: mailboxDir, ...env });
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logs.push(JSON.parse(chunk.toString('utf8')))) });
    const logger = pino({ level: 'info' }, sink);
    const mailer = createMailer({ smtpUrl: undefined, smtpTimeouts: config.smtpTimeouts, from: config.mailFrom, mailboxDir: config.mailboxDir, logger });
    return startQueueRunner({
      connectionString: config.databaseUrl,
      services: createWorkerServices({ db: test.db, mailer }),
      concurrency: config.concurrency,
      mailConcurrency: config.mailConcurrency,
      automationConcurrency: config.automationConcurrency,
      liveness: { heartbeatMs: config.heartbeatMs, deadAfterMs: config.deadAfterMs },
      pollIntervalMs: 200,
      logger,
    });
  };

  it('sends the mail of a worker that died mid-send once it is WORKER_DEAD_AFTER_MS unseen, and leaves no row behind on stop', async () => {
    // A worker process that stopped beating 2 s ago, in the middle of a send-mail job: dead by a
    // 1 s dead-after, alive by the 30 s default, so only the configured value frees the mail.
    await test.db('worker_processes').insert({ id: 'crashed:4242:0a', queue_worker_ids: ['pool-crashed'], hostname: 'crashed', pid: 4242, seen_at: test.db.raw("now() - interval '2 seconds'") });
    await enqueueJob(test.db, { task: JOBS.sendMail, payload: { to: 'admin@widget.example', subject: 'Sent after a crash', text: 'Hello.\n' } });
    await test.db.raw(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'pool-crashed', attempts = 1`);

    runner = await startWorker({ WORKER_HEARTBEAT_MS: '200', WORKER_DEAD_AFTER_MS: '1000' });

    await waitFor('the mail in the mailbox', async () => (await readdir(mailboxDir)).some((file) => file.endsWith('.eml')));
    await waitFor('the send-mail job to leave the queue', async () => (await listQueuedJobs(test.db, JOBS.sendMail)).length === 0);
    expect(logs).toContainEqual(expect.objectContaining({ level: 40, component: 'queue', msg: 'unlocked the jobs of a dead worker process', processId: 'crashed:4242:0a', pid: 4242, queueWorkerIds: ['pool-crashed'] }));
    // One row per lane of this process (decisions 025, 053): the work lane, the mail lane and the rules lane.
    const rows = await test.db('worker_processes').select('id', 'pid');
    expect(rows).toEqual([1, 2, 3].map(() => expect.objectContaining({ pid: process.pid })));

    await runner.stop();
    runner = undefined;
    expect(await test.db('worker_processes').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
