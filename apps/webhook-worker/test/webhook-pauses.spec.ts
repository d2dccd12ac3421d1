/**
 * Issue 19 items 4 and 5 (decision 024): a receiver's `410 Gone` disables its
 * webhook at once, with an e-mail, and pauses its deliveries; re-enabling
 * sends nothing by itself, a redelivery of the range does. A 429 with
 * Retry-After is tried again when the receiver asked, not on the schedule.
 */
import { createUnitOfWork } from '@tessera/persistence';
import { PAUSED_REASONS, redeliverWebhookDeliveries, type AccessContext } from '@tessera/domain';
import type { TestDatabase } from '@tessera/persistence/testing';
import type { HttpSink } from './support/http-sink.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { waitFor } from './support/wait-for.js';
import { attemptsOf, decodeHeader, deliveriesOf, sinkWebhook, submitTestEvent, webhookRow } from './support/webhook-fixtures.js';
import { deliverySuite } from './support/delivery-suite.js';

type Row = { id: string; status: string; paused_reason: string | null };

describe('410 Gone, paused deliveries and Retry-After', () => {
  const suite = deliverySuite();
  let test: TestDatabase;
  let access: AccessContext;
  let sink: HttpSink;
  let smtp: SmtpSink;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ test, access, sink } = suite);
    smtp = await startSmtpSink();
    env = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_BASE_MS: '0.05', WEBHOOK_POLL_MS: '20', SMTP_URL: smtp.url };
  });
  afterAll(() => smtp?.close());

  const hitsOf = (webhookId: number) => sink.requests.filter((r) => r.path === `/hook/${webhookId}`);
  const rows = async (webhookId: number) => (await deliveriesOf(test, webhookId)) as unknown as Row[];

  it('disables the webhook on 410 Gone, e-mails, pauses its deliveries, and sends them again only when redelivered', async () => {
    sink.respond({ status: 410, body: 'gone' });
    const webhookId = await sinkWebhook(test, sink, { name: 'Retired receiver', mail_exceptions_to: 'ops@widget.example' });
    await suite.worker.start(env);

    await submitTestEvent(test, access, { subject: 'Gone 1' });
    await waitFor('the webhook to be disabled', async () => (await webhookRow(test, webhookId)).disabled === true);
    await submitTestEvent(test, access, { subject: 'Gone 2' });
    await submitTestEvent(test, access, { subject: 'Gone 3' });
    await waitFor('three paused deliveries', async () => {
      const all = await rows(webhookId);
      return all.length === 3 && all.every((d) => d.status === 'paused');
    });
    const all = await rows(webhookId);
    expect(all.map((d) => d.paused_reason)).toEqual([PAUSED_REASONS.gone, PAUSED_REASONS.disabledByAdministrator, PAUSED_REASONS.disabledByAdministrator]);
    expect(await attemptsOf(test, all[0]!.id)).toEqual([expect.objectContaining({ attempt: 1, status_code: 410, error: '410 Gone' })]);
    expect(hitsOf(webhookId)).toHaveLength(1);
    const [line] = await test.db('audit_lines').where({ record_type: 'Webhook', record_id: webhookId }).select('*');
    expect(line).toMatchObject({ person_id: null, source: 'Tessera', changes: { disabled: [false, true] } });
    await waitFor('the e-mails', async () => smtp.messages.length >= 2);
    expect(smtp.messages.map((m) => decodeHeader(m.headers.get('subject'))).sort()).toEqual([
      'Webhook "Retired receiver" failed: 410 Gone', 'Webhook "Retired receiver" was disabled: its receiver answered 410 Gone',
    ]);

    // Enabled again: nothing is sent by itself…
    sink.respond({ status: 200 });
    await test.db('webhooks').where({ id: webhookId }).update({ disabled: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hitsOf(webhookId)).toHaveLength(1);
    // …until the range is redelivered: each message once more, with its delivery id.
    const { queued } = await redeliverWebhookDeliveries(access, webhookId, { from: new Date(0), to: null, statuses: ['paused'] }, createUnitOfWork(test.db));
    expect(queued).toBe(3);
    await waitFor('all three delivered', async () => (await rows(webhookId)).every((d) => d.status === 'delivered'));
    expect(hitsOf(webhookId).map((h) => h.headers['webhook-id']).sort()).toEqual([all[0]!.id, ...all.map((d) => d.id)].sort());
  });

  it('waits what Retry-After asks on a 429 instead of the schedule', async () => {
    sink.respond({ status: 429, body: 'slow down', headers: { 'retry-after': '2' } });
    const webhookId = await sinkWebhook(test, sink);
    await suite.worker.start(env);

    await submitTestEvent(test, access, { subject: 'Rate limited' });
    await waitFor('the first attempt', async () => hitsOf(webhookId).length === 1);
    sink.respond({ status: 204 });
    await waitFor('the delivery', async () => (await rows(webhookId))[0]?.status === 'delivered', 10_000);

    const [first, second] = await attemptsOf(test, (await rows(webhookId))[0]!.id);
    expect(first).toMatchObject({ status_code: 429, error: '429 Too Many Requests' });
    expect(second).toMatchObject({ status_code: 204, error: null });
    // The schedule's first wait is 0.05 ms here: only the receiver's 2 s explains the gap.
    expect(second!.started_at.getTime() - first!.started_at.getTime()).toBeGreaterThanOrEqual(1_950);
  });
});
