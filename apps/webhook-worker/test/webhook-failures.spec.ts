/**
 * Failing receivers (REFERENCE.md "Webhooks", decision 024): retries on the
 * schedule with the same delivery id, every attempt logged, last_error, one
 * failure e-mail per 20 minutes, and 20 consecutive failures disabling the
 * webhook with an e-mail that says so, its pending deliveries paused. The
 * schedule runs scaled down (WEBHOOK_RETRY_BASE_MS of 0.05 ms: the 10 attempts
 * take about 1.7 s), the dispatcher polling every 20 ms for retries.
 */
import { randomUUID } from 'node:crypto';
import { encodeNodeId, MAX_ATTEMPTS, PAUSED_REASONS, RETRY_JITTER, RETRY_SCHEDULE_MS, type AccessContext } from '@tessera/domain';
import { listQueuedJobs, type DemoSeedResult } from '@tessera/persistence';
import { insertDeliveryRows, type TestDatabase } from '@tessera/persistence/testing';
import type { HttpSink } from './support/http-sink.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { waitFor } from './support/wait-for.js';
import { attemptsOf, decodeHeader, deliveriesOf, sinkWebhook, submitTestEvent, webhookRow } from './support/webhook-fixtures.js';
import { deliverySuite } from './support/delivery-suite.js';
import type { WorkerHarness } from './support/worker-harness.js';

const BASE_MS = 0.05;

describe('webhook deliveries to a failing receiver', () => {
  const suite = deliverySuite();
  let test: TestDatabase;
  let demo: DemoSeedResult;
  let access: AccessContext;
  let sink: HttpSink;
  let smtp: SmtpSink;
  let worker: WorkerHarness;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ test, demo, access, sink } = suite);
    smtp = await startSmtpSink();
    env = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_BASE_MS: String(BASE_MS), WEBHOOK_POLL_MS: '20', SMTP_URL: smtp.url };
  });
  beforeEach(() => {
    worker = suite.worker;
    smtp.messages.length = 0;
  });
  afterAll(() => smtp?.close());

  const hitsOf = (webhookId: number) => sink.requests.filter((r) => r.path === `/hook/${webhookId}`);
  const settled = (webhookId: number, count: number) => async () => {
    const deliveries = await deliveriesOf(test, webhookId);
    return deliveries.length === count && deliveries.every((d) => d.status !== 'pending') ? deliveries : undefined;
  };

  it(`retries ${MAX_ATTEMPTS} times with the same delivery id, logs each attempt, sets last_error and sends one e-mail`, async () => {
    sink.respond({ status: 404, body: 'no such hook' });
    const webhookId = await sinkWebhook(test, sink, { name: 'Flaky receiver', mail_exceptions_to: 'ops@widget.example, oncall@widget.example' });
    await worker.start(env);

    const requestId = await submitTestEvent(test, access, { subject: 'Retried message' });
    const [delivery] = await waitFor('the delivery to give up', settled(webhookId, 1), 30_000);

    expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null, delivered_at: null });
    const hits = hitsOf(webhookId);
    expect(hits).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(hits.map((h) => h.headers['x-tessera-delivery']))).toEqual(new Set([delivery!.id]));
    expect(new Set(hits.map((h) => h.headers['webhook-id']))).toEqual(new Set([delivery!.id]));
    expect(hits.every((h) => (JSON.parse(h.body) as { object_nodeID: string }).object_nodeID === encodeNodeId('Request', requestId))).toBe(true);

    const attempts = await attemptsOf(test, delivery!.id);
    expect(attempts.map((a) => [a.attempt, a.status_code, a.error, a.response_excerpt])).toEqual(
      Array.from({ length: MAX_ATTEMPTS }, (_, i) => [i + 1, 404, '404 Not Found', 'no such hook']),
    );
    // The schedule, scaled: each wait at least its step less the jitter (3 ms, 18 ms, 72 ms, 180 ms, then 360 ms).
    const gaps = attempts.slice(1).map((a, i) => a.started_at.getTime() - attempts[i]!.started_at.getTime());
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(Math.floor(((RETRY_SCHEDULE_MS[i]! * BASE_MS) / RETRY_SCHEDULE_MS[0]!) * (1 - RETRY_JITTER)) - 1));
    // (An upper bound would measure the machine: each wait also holds the poll's pick-up and the recording.)

    expect(await webhookRow(test, webhookId)).toMatchObject({ last_error: '404 Not Found', consecutive_failures: MAX_ATTEMPTS, disabled: false });
    await waitFor('the failure e-mail', async () => smtp.messages.length > 0);
    await waitFor('the mail queue to drain', async () => (await listQueuedJobs(test.db, 'send-mail')).length === 0);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelopeTo.sort()).toEqual(['oncall@widget.example', 'ops@widget.example']);
    expect(decodeHeader(mail!.headers.get('subject'))).toBe('Webhook "Flaky receiver" failed: 404 Not Found');
    expect(mail!.body).toContain(delivery!.id);
  });

  it('clears last_error and the failure count once a message is delivered', async () => {
    sink.respond({ status: 503 });
    const webhookId = await sinkWebhook(test, sink);
    await worker.start(env);

    await submitTestEvent(test, access, { subject: 'Recovers on the third attempt' });
    await waitFor('two failed attempts', async () => hitsOf(webhookId).length >= 2);
    sink.respond({ status: 204 });
    const [delivery] = await waitFor('the delivery', settled(webhookId, 1), 30_000);

    expect(delivery).toMatchObject({ status: 'delivered' });
    expect((await attemptsOf(test, delivery!.id)).at(-1)).toMatchObject({ status_code: 204, error: null });
    expect(await webhookRow(test, webhookId)).toMatchObject({ last_error: null, consecutive_failures: 0 });
  });

  it('disables the webhook after 20 consecutive failures, audits it as the service, and e-mails the administrators', async () => {
    sink.respond({ status: 500, body: 'boom' });
    const webhookId = await sinkWebhook(test, sink, { name: 'Broken receiver' });
    await worker.start(env);

    await submitTestEvent(test, access, { subject: 'First of two failing messages' });
    await submitTestEvent(test, access, { subject: 'Second of two failing messages' });
    await waitFor('both deliveries to give up', settled(webhookId, 2), 30_000);

    expect(hitsOf(webhookId)).toHaveLength(20);
    expect(await webhookRow(test, webhookId)).toMatchObject({ disabled: true, consecutive_failures: 20, last_error: '500 Internal Server Error' });
    const [line] = await test.db('audit_lines').where({ record_type: 'Webhook', record_id: webhookId }).select('*');
    expect(line).toMatchObject({ action: 'update', person_id: null, source: 'Tessera', changes: { disabled: [false, true] } });

    await waitFor('two e-mails', async () => smtp.messages.length >= 2);
    await waitFor('the mail queue to drain', async () => (await listQueuedJobs(test.db, 'send-mail')).length === 0);
    const subjects = smtp.messages.map((m) => decodeHeader(m.headers.get('subject'))).sort();
    expect(subjects).toEqual(['Webhook "Broken receiver" failed: 500 Internal Server Error', 'Webhook "Broken receiver" was disabled after 20 failed deliveries']);
    // No mail_exceptions_to: the account's administrators.
    expect(smtp.messages.every((m) => m.envelopeTo.includes(demo.admin.email))).toBe(true);

    // Disabled: the next event is kept, paused with the reason, and not sent.
    await submitTestEvent(test, access, { subject: 'After disabling' });
    await waitFor('the third delivery', async () => (await deliveriesOf(test, webhookId)).length === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await deliveriesOf(test, webhookId)).map((d) => [d.status, (d as unknown as { paused_reason: string | null }).paused_reason])).toEqual([
      ['failed', null], ['failed', null], ['paused', PAUSED_REASONS.disabledByAdministrator],
    ]);
    expect(hitsOf(webhookId)).toHaveLength(20);
  });

  it('pauses the pending deliveries of a webhook that 20 failures disabled, with the reason, and sends them no more', async () => {
    sink.respond({ status: 500, body: 'boom' });
    const webhookId = await sinkWebhook(test, sink, { name: 'Many failing' });
    await test.db('webhooks').where({ id: webhookId }).update({ consecutive_failures: 19 });
    // As the fan-out leaves them: one due now, four waiting for their next attempt.
    const message = JSON.stringify({ webhook_id: webhookId, account: 'http://localhost:3000/v1/accounts/wdc', event: 'request.create' });
    const ids = Array.from({ length: 5 }, () => randomUUID());
    await insertDeliveryRows(test.db, ids.map((id, i) => ({
      id, account_id: 'wdc', webhook_id: webhookId, event: 'request.create', message, event_at: new Date(), attempts: i === 0 ? 0 : 1,
      next_attempt_at: i === 0 ? new Date() : new Date(Date.now() + 3_600_000),
    })));
    await worker.start(env);

    await waitFor('the webhook to be disabled', async () => (await webhookRow(test, webhookId)).disabled === true);
    await waitFor('nothing pending', async () => (await deliveriesOf(test, webhookId)).every((d) => d.status !== 'pending'));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const deliveries = (await deliveriesOf(test, webhookId)) as unknown as Array<{ id: string; status: string; paused_reason: string | null; next_attempt_at: Date | null; attempts: number }>;
    expect(deliveries.map((d) => [d.status, d.paused_reason, d.next_attempt_at])).toEqual(Array.from({ length: 5 }, () => ['paused', PAUSED_REASONS.afterFailures, null]));
    // Only the due one was sent (and counted); the others keep their series as it was.
    expect(hitsOf(webhookId).map((h) => h.headers['webhook-id'])).toEqual([ids[0]]);
    expect(deliveries.find((d) => d.id === ids[0])!.attempts).toBe(1);
    expect(await webhookRow(test, webhookId)).toMatchObject({ disabled: true, consecutive_failures: 20 });
  });
});
