/**
 * Issue 19 item 3: an SMTP server that accepts the connection and never greets
 * held a job slot for nodemailer's 30 s greeting timeout per attempt. With the
 * SMTP timeouts of the config the attempt fails quickly, the job is kept and
 * retried later by the queue (never lost), and the slot is free again.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { JOBS } from '@tessera/domain';
import { enqueueJob, seedDemoData } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { loadWorkerConfig } from '../src/config.js';
import { waitFor } from './support/wait-for.js';
import { workerHarness, type WorkerHarness } from './support/worker-harness.js';

describe('a hung SMTP server', () => {
  let test: TestDatabase;
  let silent: Server;
  let silentUrl: string;
  const sockets: Socket[] = [];
  let worker: WorkerHarness;

  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoData(test.db);
    // Accepts every connection and never says a word: no 220 greeting, ever.
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    worker = await workerHarness(test);
  });
  afterAll(async () => {
    await worker?.cleanup();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
    await test?.drop();
  });

  const jobsOf = () => test.db('graphile_worker.jobs').where({ task_identifier: JOBS.sendMail }).select('id', 'attempts', 'last_error', 'locked_at');

  it('fails the mail attempt after SMTP_GREETING_TIMEOUT_MS and keeps the job for a later retry', async () => {
    await enqueueJob(test.db, { task: JOBS.sendMail, payload: { to: 'admin@widget.example', subject: 'Never greeted', text: 'Hello' } });
    const startedAt = Date.now();
    await worker.start({ SMTP_URL: silentUrl, SMTP_GREETING_TIMEOUT_MS: '500' });

    const [failed] = await waitFor('the attempt to fail', async () => {
      const jobs = await jobsOf();
      return jobs[0]?.last_error ? jobs : undefined;
    }, 5_000);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(failed).toMatchObject({ attempts: 1, locked_at: null, last_error: expect.stringMatching(/greeting/i) });
    expect(sockets.length).toBeGreaterThanOrEqual(1);
  });

  it('has timeouts by default, and refuses a value out of range', () => {
    expect(loadWorkerConfig({ DATABASE_URL: 'postgres://x@localhost/x' }).smtpTimeouts).toEqual({ connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 });
    expect(() => loadWorkerConfig({ DATABASE_URL: 'postgres://x@localhost/x', SMTP_SOCKET_TIMEOUT_MS: '0' })).toThrow(/SMTP_SOCKET_TIMEOUT_MS/);
  });
});
