import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { JOBS, type SendMailJob } from '@tessera/domain';
import { enqueueJob, listQueuedJobs, seedDemoData } from '@tessera/persistence';
import { createTestDatabase, enqueueUncheckedJob, type TestDatabase } from '@tessera/persistence/testing';
import { parse, startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { waitFor } from './support/wait-for.js';
import { workerHarness, type WorkerHarness } from './support/worker-harness.js';

describe('send-mail jobs', () => {
  let test: TestDatabase;
  let smtp: SmtpSink;
  let worker: WorkerHarness;

  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoData(test.db);
    smtp = await startSmtpSink();
  });
  beforeEach(async () => {
    worker = await workerHarness(test);
  });
  afterEach(() => worker.cleanup());
  afterAll(async () => {
    await smtp?.close();
    await test?.drop();
  });

  const mail = (subject: string): SendMailJob => ({ to: 'admin@widget.example', subject, text: 'Hello Alice,\n\nThe desired completion changed.\n' });
  const jobsOf = (task: string) => test.db('graphile_worker.jobs').where({ task_identifier: task }).select('id', 'attempts', 'last_error', 'locked_at');

  it('sends the message to SMTP_URL and removes the job', async () => {
    await enqueueJob(test.db, { task: JOBS.sendMail, payload: { ...mail('Request #1: desired completion set') } });

    await worker.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Tessera Test <robot@tessera.test>' });
    const received = await waitFor('the message at the SMTP server', async () => smtp.messages.find((m) => m.headers.get('subject') === 'Request #1: desired completion set'));

    expect(received.envelopeTo).toEqual(['admin@widget.example']);
    expect(received.headers.get('to')).toBe('admin@widget.example');
    expect(received.headers.get('from')).toBe('Tessera Test <robot@tessera.test>');
    expect(received.body).toContain('Hello Alice,\n\nThe desired completion changed.');
    await waitFor('the send-mail job to leave the queue', async () => (await listQueuedJobs(test.db, JOBS.sendMail)).length === 0);
  });

  it('without SMTP_URL, writes the message as an .eml file into MAILBOX_DIR and logs it', async () => {
    await enqueueJob(test.db, { task: JOBS.sendMail, payload: { ...mail('Kept in the mailbox') } });

    await worker.start();
    const [file] = await waitFor('a file in the mailbox', async () => {
      const files = (await readdir(worker.mailboxDir)).filter((f) => f.endsWith('.eml'));
      return files.length > 0 ? files : undefined;
    });

    const { headers, body } = parse(await readFile(path.join(worker.mailboxDir, file!), 'utf8'));
    expect(headers.get('to')).toBe('admin@widget.example');
    expect(headers.get('subject')).toBe('Kept in the mailbox');
    expect(headers.get('from')).toBe('Tessera <no-reply@tessera.local>');
    expect(body).toContain('The desired completion changed.');
    expect(worker.logs).toContainEqual(expect.objectContaining({ to: 'admin@widget.example', subject: 'Kept in the mailbox', file: path.join(worker.mailboxDir, file!) }));
    await waitFor('the send-mail job to leave the queue', async () => (await listQueuedJobs(test.db, JOBS.sendMail)).length === 0);
  });

  it('stop() lets a message that is being sent finish, and completes its job', async () => {
    const slow = await startSmtpSink({ acceptDelayMs: 1000 });
    try {
      await enqueueJob(test.db, { task: JOBS.sendMail, payload: { ...mail('Sent during shutdown') } });
      const runner = await worker.start({ SMTP_URL: slow.url });
      await waitFor('the SMTP server to receive the message', async () => slow.receiving > 0);
      expect(slow.messages).toEqual([]);

      await runner.stop();

      expect(slow.messages.map((m) => m.headers.get('subject'))).toEqual(['Sent during shutdown']);
      expect((await listQueuedJobs(test.db, JOBS.sendMail)).filter((j) => j.payload['subject'] === 'Sent during shutdown')).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('fails a job with an invalid payload, keeping it queued for a retry with the reason, and sends nothing', async () => {
    const sentBefore = smtp.messages.length;
    await enqueueUncheckedJob(test.db, JOBS.sendMail, { subject: 'No recipient', text: 'x' });

    await worker.start({ SMTP_URL: smtp.url });
    const [failed] = await waitFor('the failed attempt', async () => {
      const jobs = await jobsOf(JOBS.sendMail);
      return jobs.length === 1 && jobs[0].attempts === 1 && jobs[0].last_error ? jobs : undefined;
    });

    expect(failed.last_error).toContain('invalid send-mail payload: to:');
    expect(failed.locked_at).toBeNull();
    expect(worker.logs).toContainEqual(expect.objectContaining({ level: 50, msg: 'send-mail job has an invalid payload', reason: expect.stringContaining('to:') }));
    expect(smtp.messages).toHaveLength(sentBefore);
  });
});
