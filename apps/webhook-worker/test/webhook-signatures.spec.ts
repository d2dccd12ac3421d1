/**
 * Issue 19 item 6, end to end through the worker: an event committed through
 * the events intake reaches a real HTTP receiver signed as an Ed25519 policy
 * signs (an EdDSA JWT and a Standard Webhooks `v1a` signature), and the
 * receiver verifies it with nothing but the public key, as jose and node:crypto
 * do; while a policy's key is rolled (decision 026) every message carries a
 * signature by each key, and after the window by the new one only. Independent of how the engine claims deliveries: it only waits for the
 * message at the receiver.
 */
import { createHmac, createPublicKey, verify } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { rollWebhookPolicyKey } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import type { ReceivedRequest } from './support/http-sink.js';
import { waitFor } from './support/wait-for.js';
import { insertPolicy, SEALING_KEY, sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';
import { deliverySuite } from './support/delivery-suite.js';

const LOOPBACK = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', API_PUBLIC_URL: 'https://tessera.example' };
const ACCOUNT_URL = 'https://tessera.example/v1/accounts/wdc';

/** The signed content of Standard Webhooks: `<webhook-id>.<webhook-timestamp>.<body>`. */
const signedContent = (received: ReceivedRequest) => Buffer.from(`${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`);

/** The entries of `webhook-signature`, as a receiver splits them: `[scheme, base64 signature]`. */
const signatureEntries = (received: ReceivedRequest) => String(received.headers['webhook-signature']).split(' ').map((entry) => entry.split(',') as [string, string]);

describe('webhook signatures at the receiver', () => {
  const suite = deliverySuite({ respond: { status: 200, body: 'ok' } });

  const nextFor = (webhookId: number, after = 0) =>
    waitFor(`message ${after + 1} at the receiver`, async () => suite.sink.requests.filter((r) => r.path === `/hook/${webhookId}`)[after]);

  it('ed25519: an EdDSA JWT naming its key and a v1a signature, both verified with the public key alone', async () => {
    const policy = await insertPolicy(suite.test, 'ed25519', { audience: 'https://receiver.example' });
    const { key_id: keyId } = await suite.test.db('webhook_policies').where({ id: policy.id }).first('key_id');
    const webhookId = await sinkWebhook(suite.test, suite.sink, { webhook_policy_id: policy.id });
    await suite.worker.start(LOOPBACK);

    const requestId = await submitTestEvent(suite.test, suite.access, { subject: 'Signed ed25519' });
    const received = await nextFor(webhookId);

    const { jwt } = JSON.parse(received.body) as { jwt: string };
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: keyId });
    const { payload } = await jwtVerify(jwt, await importSPKI(policy.publicKeyPem!, 'EdDSA'), { issuer: ACCOUNT_URL, audience: 'https://receiver.example' });
    expect(payload).toMatchObject({ jti: received.headers['webhook-id'], sub: String(webhookId), data: { event: 'request.create', object_id: requestId } });

    const entries = signatureEntries(received);
    expect(entries.map(([scheme]) => scheme)).toEqual(['v1a']);
    const publicKey = createPublicKey(policy.publicKeyPem!);
    expect(verify(null, signedContent(received), publicKey, Buffer.from(entries[0]![1], 'base64'))).toBe(true);
    // A changed body no longer verifies.
    expect(verify(null, Buffer.from(`${signedContent(received)} `), publicKey, Buffer.from(entries[0]![1], 'base64'))).toBe(false);
  });

  const rolled = (policyId: number, overlapMinutes: number) =>
    rollWebhookPolicyKey(suite.access, policyId, { overlap_minutes: overlapMinutes }, { uow: createUnitOfWork(suite.test.db), sealingKey: SEALING_KEY });

  it('hs256 during a key roll: v1 signatures by the new and the old secret, the JWT by the new one; after the window, the new one only', async () => {
    const policy = await insertPolicy(suite.test, 'hs256');
    const webhookId = await sinkWebhook(suite.test, suite.sink, { webhook_policy_id: policy.id });
    const roll = await rolled(policy.id, 60);
    await suite.worker.start(LOOPBACK);

    await submitTestEvent(suite.test, suite.access, { subject: 'Signed during a roll' });
    const received = await nextFor(webhookId);
    const hmacOf = (secret: string) => createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(signedContent(received)).digest('base64');
    expect(signatureEntries(received)).toEqual([['v1', hmacOf(roll.key.secret!)], ['v1', hmacOf(policy.secret!)]]);
    const { jwt } = JSON.parse(received.body) as { jwt: string };
    expect(decodeProtectedHeader(jwt).kid).toBe(roll.policy.key_id);
    await jwtVerify(jwt, Buffer.from(roll.key.secret!.slice('whsec_'.length), 'base64'), { issuer: ACCOUNT_URL });

    // The window ends (as if an hour had passed): the old secret signs nothing more.
    await suite.test.db.raw(`update webhook_policies set retiring_keys = (select jsonb_agg(k || '{"retires_at": "2000-01-01T00:00:00.000Z"}') from jsonb_array_elements(retiring_keys) k) where id = ?`, [policy.id]);
    await submitTestEvent(suite.test, suite.access, { subject: 'Signed after the window' });
    const later = await nextFor(webhookId, 1);
    const laterHmac = createHmac('sha256', Buffer.from(roll.key.secret!.slice('whsec_'.length), 'base64')).update(signedContent(later)).digest('base64');
    expect(signatureEntries(later)).toEqual([['v1', laterHmac]]);
  });

  it('ed25519 during a key roll: two v1a signatures, each verified by its own public key', async () => {
    const policy = await insertPolicy(suite.test, 'ed25519');
    const webhookId = await sinkWebhook(suite.test, suite.sink, { webhook_policy_id: policy.id });
    const roll = await rolled(policy.id, 60);
    await suite.worker.start(LOOPBACK);

    await submitTestEvent(suite.test, suite.access, { subject: 'Signed ed25519 during a roll' });
    const received = await nextFor(webhookId);
    const entries = signatureEntries(received);
    expect(entries.map(([scheme]) => scheme)).toEqual(['v1a', 'v1a']);
    const verifiedBy = (pem: string) => entries.map(([, signature]) => verify(null, signedContent(received), createPublicKey(pem), Buffer.from(signature, 'base64')));
    expect(verifiedBy(roll.key.public_key_pem!)).toEqual([true, false]);
    expect(verifiedBy(policy.publicKeyPem!)).toEqual([false, true]);
    const { jwt } = JSON.parse(received.body) as { jwt: string };
    await jwtVerify(jwt, await importSPKI(roll.key.public_key_pem!, 'EdDSA'), { issuer: ACCOUNT_URL });
  });
});
