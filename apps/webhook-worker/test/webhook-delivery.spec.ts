/**
 * Issue 9 "Done when": a request created through the events intake reaches a
 * real HTTP receiver as `request.create`, with every REFERENCE.md body field
 * and header, signed by its webhook's policy so that jose verifies it.
 */
import { createHmac } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { decodeNodeId, encodeNodeId } from '@tessera/domain';
import { TESSERA_VERSION } from '../src/deliveries/user-agent.js';
import type { ReceivedRequest } from './support/http-sink.js';
import { waitFor } from './support/wait-for.js';
import { attemptsOf, deliveriesOf, insertPolicy, sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';
import { deliverySuite } from './support/delivery-suite.js';

const LOOPBACK = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', API_PUBLIC_URL: 'https://tessera.example' };
const ACCOUNT_URL = 'https://tessera.example/v1/accounts/wdc';

describe('webhook delivery of a request created through the events intake', () => {
  const suite = deliverySuite({ respond: { status: 200, body: 'thanks' } });

  const receivedFor = (webhookId: number) => async () => suite.sink.requests.find((r) => r.path === `/hook/${webhookId}`);

  it('POSTs request.create with every body field of REFERENCE.md and the Tessera and Standard Webhooks headers', async () => {
    const webhookId = await sinkWebhook(suite.test, suite.sink, { name: 'Created requests' });
    await suite.worker.start(LOOPBACK);

    const requestId = await submitTestEvent(suite.test, suite.access, { subject: 'Disk full on db01', source: 'Nagios', source_id: 'db01-disk' });
    const received = await waitFor('the message at the receiver', receivedFor(webhookId));

    const body = JSON.parse(received.body) as Record<string, unknown>;
    const [line] = await suite.test.db('audit_lines').where({ record_type: 'Request', record_id: requestId }).select('id');
    expect(body).toEqual({
      webhook_id: webhookId,
      webhook_nodeID: encodeNodeId('Webhook', webhookId),
      account_id: 'wdc',
      account: ACCOUNT_URL,
      name: 'Created requests',
      event: 'request.create',
      object_id: requestId,
      object_nodeID: encodeNodeId('Request', requestId),
      person_id: suite.access.person.id,
      person_nodeID: encodeNodeId('Person', suite.access.person.id),
      person_name: suite.access.person.name,
      payload: expect.objectContaining({ audit_line_id: line.id, audit_line_nodeID: encodeNodeId('AuditLine', line.id), source: 'Nagios', sourceID: 'db01-disk' }),
    });
    const [delivery] = await deliveriesOf(suite.test, webhookId);
    expect(received.method).toBe('POST');
    expect(received.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': `Tessera-Webhooks/${TESSERA_VERSION}`,
      'x-tessera-delivery': delivery!.id,
      'x-tessera-event': 'request.create',
      'webhook-id': delivery!.id,
    });
    expect(Number(received.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(received.headers['webhook-signature']).toBeUndefined();

    await waitFor('the delivery to be marked delivered', async () => (await deliveriesOf(suite.test, webhookId))[0]?.status === 'delivered');
    const [after] = await deliveriesOf(suite.test, webhookId);
    expect(after).toMatchObject({ status: 'delivered', attempts: 1, next_attempt_at: null });
    expect(after!.delivered_at!.getTime()).toBeGreaterThanOrEqual(after!.event_at.getTime());
    expect(await attemptsOf(suite.test, delivery!.id)).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, error: null, response_excerpt: 'thanks' }),
    ]);
  });

  it.each([['rs256' as const], ['es256' as const]])('with an %s policy, sends {"jwt"} that jose verifies with the policy public key', async (alg) => {
    const policy = await insertPolicy(suite.test, alg, { audience: 'https://receiver.example' });
    const webhookId = await sinkWebhook(suite.test, suite.sink, { webhook_policy_id: policy.id });
    await suite.worker.start(LOOPBACK);

    const requestId = await submitTestEvent(suite.test, suite.access, { subject: `Signed ${alg}` });
    const received = await waitFor('the signed message', receivedFor(webhookId));

    const { jwt } = JSON.parse(received.body) as { jwt: string };
    const key = await importSPKI(policy.publicKeyPem!, alg.toUpperCase());
    const { payload, protectedHeader } = await jwtVerify(jwt, key, { issuer: ACCOUNT_URL, audience: 'https://receiver.example' });
    const deliveryId = received.headers['x-tessera-delivery'];
    expect(protectedHeader.alg).toBe(alg.toUpperCase());
    expect(payload).toMatchObject({ jti: deliveryId, sub: String(webhookId), data: { event: 'request.create', object_id: requestId, webhook_id: webhookId } });
    expect(decodeNodeId((payload['data'] as { object_nodeID: string }).object_nodeID)).toMatchObject({ type: 'Request', id: requestId });
  });

  it('with an hs256 policy, also sends the Standard Webhooks signature of id, timestamp and body', async () => {
    const policy = await insertPolicy(suite.test, 'hs256');
    const webhookId = await sinkWebhook(suite.test, suite.sink, { webhook_policy_id: policy.id });
    await suite.worker.start(LOOPBACK);

    await submitTestEvent(suite.test, suite.access, { subject: 'Signed hs256' });
    const received: ReceivedRequest = await waitFor('the signed message', receivedFor(webhookId));

    const secret = Buffer.from(policy.secret!.replace(/^whsec_/, ''), 'base64');
    const signed = `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`;
    expect(received.headers['webhook-signature']).toBe(`v1,${createHmac('sha256', secret).update(signed).digest('base64')}`);
  });
});
