/**
 * Issue 19 fault test, decision 025: an SMTP server that accepts connections
 * and never greets, while deliveries fail (and queue failure e-mails) and
 * others succeed. Mail has its own lane: the fan-out and the dispatcher never
 * wait on it, so the healthy webhook's messages arrive as quickly as without
 * mail; and the e-mails, held or failed meanwhile, are sent once the server
 * answers (the queue retries them, nothing is lost).
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { JOBS, type AccessContext } from '@tessera/domain';
import { listQueuedJobs } from '@tessera/persistence';
import type { TestDatabase } from '@tessera/persistence/testing';
import { deliverySuite } from './support/delivery-suite.js';
import { startHttpSink, type HttpSink } from './support/http-sink.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { waitFor } from './support/wait-for.js';
import { decodeHeader, deliveriesOf, sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';

const FAILING_WEBHOOKS = 3;
const HEALTHY_EVENTS = 20;

describe('deliveries while the SMTP server hangs', () => {
  const suite = deliverySuite({ respond: { status: 200 } });
  let test: TestDatabase;
  let access: AccessContext;
  let sink: HttpSink;
  let failing: HttpSink;
  let smtp: SmtpSink;
  let gate: Server;
  let hung = true;
  const held: Socket[] = [];

  beforeAll(async () => {
    ({ test, access, sink } = suite);
    failing = await startHttpSink();
    failing.respond({ status: 500, body: 'down' });
    smtp = await startSmtpSink();
    const smtpPort = Number(new URL(smtp.url).port);
    // While hung it accepts and says nothing (no 220 greeting); then it passes connections to the real server.
    gate = createServer((socket) => {
      if (hung) return void held.push(socket);
      const upstream = createConnection(smtpPort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => gate?.close(resolve));
    await smtp?.close();
    await failing?.close();
  });

  it('delivers to a healthy webhook without delay, and sends the failure e-mails once the server answers', async () => {
    const subscribers = [];
    for (let i = 0; i < FAILING_WEBHOOKS; i++) subscribers.push(await sinkWebhook(test, failing, { name: `Failing ${i}`, mail_exceptions_to: `ops${i}@widget.example` }));
    const healthy = await sinkWebhook(test, sink, { name: 'Healthy' });
    // Two slots per lane: were mail in the fan-out's lane, the two hung sends would stop every fan-out for the 60 s greeting timeout.
    await suite.worker.start({
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_BASE_MS: '600000', WEBHOOK_POLL_MS: '100', MAIL_CONCURRENCY: '2', WORKER_CONCURRENCY: '2',
      SMTP_URL: `smtp://127.0.0.1:${(gate.address() as AddressInfo).port}`, SMTP_GREETING_TIMEOUT_MS: '60000', SMTP_CONNECTION_TIMEOUT_MS: '60000',
    });

    // The first event fails at every failing webhook: one e-mail each, queued; the mail lane's two slots hang on the server.
    await submitTestEvent(test, access, { subject: 'Fails three times' });
    await waitFor('the mail lane to hang on the server', async () => held.length >= 2, 15_000);
    await waitFor('the three e-mails queued', async () => (await listQueuedJobs(test.db, JOBS.sendMail)).length === FAILING_WEBHOOKS);

    const submitted = new Map<number, number>();
    for (let i = 0; i < HEALTHY_EVENTS; i++) {
      const id = await submitTestEvent(test, access, { subject: `Healthy ${i}` });
      submitted.set(id, Date.now());
    }
    const arrivedAt = new Map<number, number>();
    await waitFor('every healthy message', async () => {
      for (const request of sink.requests.filter((r) => r.path === `/hook/${healthy}`)) {
        const objectId = (JSON.parse(request.body) as { object_id: number }).object_id;
        if (!arrivedAt.has(objectId)) arrivedAt.set(objectId, Date.now());
      }
      return [...submitted.keys()].every((id) => arrivedAt.has(id));
    }, 40_000);
    // Each well within the 60 s the hung sends hold their slots (a quiet machine: about 100 ms; a loaded CI runner: seconds).
    const waits = [...submitted].map(([id, at]) => arrivedAt.get(id)! - at);
    expect(Math.max(...waits)).toBeLessThan(30_000);
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect(smtp.messages).toEqual([]);

    // The server answers: the held attempts fail (their connections drop) and the queue sends every e-mail.
    hung = false;
    for (const socket of held) socket.destroy();
    // The failing webhooks also got the 20 healthy events: their 20th failure disabled them, with a second e-mail.
    await waitFor('two e-mails per failing webhook', async () => smtp.messages.length >= 2 * FAILING_WEBHOOKS, 30_000);
    await waitFor('the mail queue to drain', async () => (await listQueuedJobs(test.db, JOBS.sendMail)).length === 0, 10_000);
    expect(smtp.messages.map((m) => m.envelopeTo).flat().sort()).toEqual(subscribers.flatMap((_, i) => [`ops${i}@widget.example`, `ops${i}@widget.example`]).sort());
    const subjects = smtp.messages.map((m) => decodeHeader(m.headers.get('subject')));
    expect(subjects.filter((s) => s.includes('was disabled after 20 failed deliveries'))).toHaveLength(FAILING_WEBHOOKS);
    expect((await deliveriesOf(test, healthy)).every((d) => d.status === 'delivered')).toBe(true);
  }, 120_000);
});
