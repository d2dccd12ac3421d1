/**
 * Issue 30 item 16: the body of one delivery is the same bytes on every
 * attempt. It used to be written again between attempts (the first attempt,
 * handed over by the fan-out, as JSON.stringify wrote it; retries and
 * redeliveries as jsonb's text: other spacing and key order), under the same
 * `webhook-id`: a receiver that deduplicates by a hash of the body saw two
 * messages.
 */
import { createUnitOfWork } from '@tessera/persistence';
import { deliveryRows } from '@tessera/persistence/testing';
import { redeliverWebhookDelivery, testWebhook } from '@tessera/domain';
import { deliverySuite } from './support/delivery-suite.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';

const ENV = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_RETRY_BASE_MS: '5' };

describe('the body of a webhook message', () => {
  const suite = deliverySuite({ respond: { status: 200 } });

  const bodiesOf = (webhookId: number) => suite.sink.requests.filter((r) => r.path === `/hook/${webhookId}`).map((r) => ({ id: r.headers['webhook-id'], body: r.body }));

  it('is the same bytes on the first attempt, a retry and a redelivery', async () => {
    const webhookId = await sinkWebhook(suite.test, suite.sink, { name: 'Bytes' });
    await suite.worker.start(ENV);
    suite.sink.respond({ status: 500 });
    // Text that JSON writers disagree on: non-ASCII, escapes, and keys of unequal length in the payload.
    await submitTestEvent(suite.test, suite.access, { subject: 'Ünïcödé "quoted" \\ back\tslash — 日本', source: 'Nagios', source_id: 'db01 / disk' });
    await waitFor('the first attempt', async () => bodiesOf(webhookId).length >= 1);
    suite.sink.respond({ status: 200 });
    await waitFor('the retry', async () => bodiesOf(webhookId).length >= 2);
    const [delivery] = await suite.test.db('webhook_deliveries').where({ webhook_id: webhookId }).select('id');
    await waitFor('the retry recorded', async () => (await deliveryRows(suite.test.db).where({ id: delivery.id }).first('status')).status === 'delivered');
    await redeliverWebhookDelivery(suite.access, webhookId, delivery.id as string, createUnitOfWork(suite.test.db));
    await waitFor('the redelivery', async () => bodiesOf(webhookId).length >= 3);

    const sent = bodiesOf(webhookId);
    expect(new Set(sent.map((s) => s.id))).toEqual(new Set([delivery.id]));
    expect(sent.map((s) => s.body)).toEqual([sent[0]!.body, sent[0]!.body, sent[0]!.body]);
  });

  it('is the same bytes when a test message is redelivered', async () => {
    const webhookId = await sinkWebhook(suite.test, suite.sink, { name: 'Test bytes' });
    await suite.worker.start(ENV);
    const { deliveryId } = await testWebhook(suite.access, webhookId, { uow: createUnitOfWork(suite.test.db), apiUrl: 'http://localhost:3000/v1' });
    await waitFor('the test message', async () => bodiesOf(webhookId).length >= 1);
    await waitFor('the test message recorded', async () => (await deliveryRows(suite.test.db).where({ id: deliveryId }).first('status')).status === 'delivered');
    await redeliverWebhookDelivery(suite.access, webhookId, deliveryId, createUnitOfWork(suite.test.db));
    await waitFor('its redelivery', async () => bodiesOf(webhookId).length >= 2);

    const sent = bodiesOf(webhookId);
    expect(sent.map((s) => s.id)).toEqual([deliveryId, deliveryId]);
    expect(sent[1]!.body).toBe(sent[0]!.body);
  });
});
