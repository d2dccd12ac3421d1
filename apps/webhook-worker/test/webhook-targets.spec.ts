/**
 * Private targets are refused after DNS resolution, and the attempt says why
 * (issue 9 item 7); a disabled webhook receives nothing but tests (its
 * deliveries are kept paused), and a test message (object_id 12345) reaches
 * it; two workers on one database deliver every message exactly once.
 */
import { JOBS, PAUSED_REASONS, testWebhook, TEST_OBJECT_ID, encodeNodeId } from '@tessera/domain';
import { createUnitOfWork, enqueueJob, listQueuedJobs } from '@tessera/persistence';
import { deliveryRows, insertDeliveryRows } from '@tessera/persistence/testing';
import { waitFor } from './support/wait-for.js';
import { attemptsOf, deliveriesOf, insertPolicy, insertWebhook, sinkWebhook, submitTestEvent, webhookRow } from './support/webhook-fixtures.js';
import { deliverySuite } from './support/delivery-suite.js';

const API_URL = 'https://tessera.example/v1';

describe('webhook targets and who receives what', () => {
  const suite = deliverySuite({ respond: { status: 200 } });

  const hitsOf = (webhookId: number) => suite.sink.requests.filter((r) => r.path === `/hook/${webhookId}`);
  const firstAttempt = (webhookId: number) => async () => {
    const [delivery] = await deliveriesOf(suite.test, webhookId);
    if (!delivery) return undefined;
    const [attempt] = await attemptsOf(suite.test, delivery.id);
    return attempt;
  };

  it('refuses a literal private address without connecting, and says why', async () => {
    const webhookId = await insertWebhook(suite.test, { uri: 'http://10.0.0.1/hook' });
    const metadata = await insertWebhook(suite.test, { uri: 'http://169.254.169.254/latest/meta-data/' });
    await suite.worker.start({ WEBHOOK_RETRY_BASE_MS: '60000' });

    await submitTestEvent(suite.test, suite.access, { subject: 'To a private address' });
    const attempt = await waitFor('the refused attempt', firstAttempt(webhookId));
    const toMetadata = await waitFor('the refused attempt', firstAttempt(metadata));

    expect(attempt).toMatchObject({ attempt: 1, status_code: null, error: 'refused: 10.0.0.1 is a private address' });
    expect(attempt!.duration_ms).toBeLessThan(1000);
    expect(toMetadata).toMatchObject({ error: 'refused: 169.254.169.254 is the cloud metadata address' });
    expect(await webhookRow(suite.test, webhookId)).toMatchObject({ last_error: 'refused: 10.0.0.1 is a private address', consecutive_failures: 1 });
  });

  it('refuses a name that resolves to loopback when loopback is not allowed, and delivers to it when it is', async () => {
    const webhookId = await sinkWebhook(suite.test, suite.sink, {}, 'localhost');
    const runner = await suite.worker.start({ WEBHOOK_RETRY_BASE_MS: '60000' });

    await submitTestEvent(suite.test, suite.access, { subject: 'To localhost' });
    const attempt = await waitFor('the refused attempt', firstAttempt(webhookId));

    expect(attempt!.status_code).toBeNull();
    expect(attempt!.error).toMatch(/^refused: localhost: (127\.0\.0\.1|::1) is a loopback address/);
    expect(hitsOf(webhookId)).toEqual([]);

    await runner.stop();
    await suite.worker.start({ WEBHOOK_RETRY_BASE_MS: '60000', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128' });
    await submitTestEvent(suite.test, suite.access, { subject: 'To localhost, allowed' });
    await waitFor('the message at the receiver', async () => hitsOf(webhookId).length === 1);
  });

  it('sends a disabled webhook no event, but keeps its deliveries paused with the reason; its test message reaches it with object_id 12345', async () => {
    const policy = await insertPolicy(suite.test, 'hs256');
    const webhookId = await sinkWebhook(suite.test, suite.sink, { event: 'request.create', disabled: true, webhook_policy_id: policy.id });
    // A delivery queued while it was enabled, with its job from before the delivery engine, attempted after it was disabled.
    await insertDeliveryRows(suite.test.db, [{
      id: '8a6e0c52-3f0f-4d3b-9b1e-2f0c8a4f7d11', account_id: 'wdc', webhook_id: webhookId, event: 'request.create', test: false, event_at: new Date(),
      message: JSON.stringify({ webhook_id: webhookId, account: `${API_URL}/accounts/wdc`, event: 'request.create' }),
    }]);
    await enqueueJob(suite.test.db, { task: JOBS.webhookDelivery, payload: { account_id: 'wdc', delivery_id: '8a6e0c52-3f0f-4d3b-9b1e-2f0c8a4f7d11' } });
    await suite.worker.start({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' });

    await submitTestEvent(suite.test, suite.access, { subject: 'Not for a disabled webhook' });
    const paused = async () => {
      const rows = (await deliveriesOf(suite.test, webhookId)) as unknown as Array<{ id: string; status: string; paused_reason: string | null }>;
      return rows.length === 2 && rows.every((d) => d.status === 'paused') ? rows : undefined;
    };
    const rows = await waitFor('both deliveries paused', paused);
    expect(rows.map((d) => d.paused_reason)).toEqual([PAUSED_REASONS.disabledByAdministrator, PAUSED_REASONS.disabledByAdministrator]);
    // Not an attempt: nothing was sent, and the old job only left the queue.
    expect(await attemptsOf(suite.test, '8a6e0c52-3f0f-4d3b-9b1e-2f0c8a4f7d11')).toEqual([]);
    await waitFor('the old job to leave the queue', async () => (await listQueuedJobs(suite.test.db, JOBS.webhookDelivery)).length === 0);

    await testWebhook(suite.access, webhookId, { uow: createUnitOfWork(suite.test.db), apiUrl: API_URL });
    const [received] = await waitFor('the test message', async () => (hitsOf(webhookId).length > 0 ? hitsOf(webhookId) : undefined));
    const body = JSON.parse(received!.body) as { jwt: string };
    const claims = JSON.parse(Buffer.from(body.jwt.split('.')[1]!, 'base64url').toString('utf8')) as { data: Record<string, unknown> };
    expect(claims.data).toMatchObject({ object_id: TEST_OBJECT_ID, object_nodeID: encodeNodeId('Request', TEST_OBJECT_ID), webhook_id: webhookId, event: 'request.create' });
    expect(received!.headers['webhook-signature']).toMatch(/^v1,/);
    // Only the test: the event of the request above was not fanned out to it, and tests do not count as failures or successes.
    expect(hitsOf(webhookId)).toHaveLength(1);
    // The receiver has the message before the worker records its answer: wait for the record, then compare.
    await waitFor('the test delivery to be recorded', async () => (await deliveriesOf(suite.test, webhookId)).some((d) => d.test && d.status !== 'pending'));
    expect((await deliveriesOf(suite.test, webhookId)).map((d) => [d.test, d.status])).toEqual([[false, 'paused'], [false, 'paused'], [true, 'delivered']]);
    expect(await webhookRow(suite.test, webhookId)).toMatchObject({ disabled: true, consecutive_failures: 0 });
  });

  it('fails, without sending anything, when the webhook policy is disabled', async () => {
    const policy = await insertPolicy(suite.test, 'rs256', { disabled: true });
    const webhookId = await sinkWebhook(suite.test, suite.sink, { webhook_policy_id: policy.id });
    await suite.worker.start({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_BASE_MS: '60000' });

    await submitTestEvent(suite.test, suite.access, { subject: 'Signed by a disabled policy' });
    const attempt = await waitFor('the failed attempt', firstAttempt(webhookId));

    expect(attempt!.error).toBe(`webhook policy ${policy.id} is disabled: the message was not signed nor sent`);
    expect(hitsOf(webhookId)).toEqual([]);
  });

  it('two workers on one database deliver each of N messages exactly once', async () => {
    const webhookId = await sinkWebhook(suite.test, suite.sink);
    const env = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WORKER_CONCURRENCY: '4', WEBHOOK_MAX_IN_FLIGHT: '8' };
    await Promise.all([suite.worker.start(env), suite.worker.start(env)]);

    const n = 30;
    for (let i = 0; i < n; i += 1) await submitTestEvent(suite.test, suite.access, { subject: `Message ${i}` });
    await waitFor(`${n} deliveries`, async () => (await deliveriesOf(suite.test, webhookId)).filter((d) => d.status === 'delivered').length === n, 30_000);

    const ids = hitsOf(webhookId).map((h) => h.headers['x-tessera-delivery']);
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
    const objects = hitsOf(webhookId).map((h) => (JSON.parse(h.body) as { object_id: number }).object_id);
    expect(new Set(objects).size).toBe(n);
    // One attempt each in the log, and no lease left behind.
    const attempts = await suite.test.db('webhook_delivery_attempts as a').join('webhook_deliveries as d', 'd.id', 'a.delivery_id').where('d.webhook_id', webhookId).count<Array<{ count: string }>>('* as count');
    expect(Number(attempts[0]!.count)).toBe(n);
    const leased = await deliveryRows(suite.test.db).where({ webhook_id: webhookId }).whereNotNull('lease_token').count<Array<{ count: string }>>('* as count');
    expect(Number(leased[0]!.count)).toBe(0);
  });
});
