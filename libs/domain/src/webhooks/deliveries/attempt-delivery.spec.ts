import { createHmac, randomBytes } from 'node:crypto';
import { loadSealingKey, sealSecret } from '../policies/sealing-key.js';
import type { SigningPolicy } from '../policies/signing-policy.js';
import { trustedAccountId } from '../../tenancy/account-id.js';
import { attemptDelivery } from './attempt-delivery.js';
import type { ClaimedDelivery } from './delivery-record.js';
import type { SendResult, WebhookRequest } from './webhook-sender.js';

const sealingKey = loadSealingKey(randomBytes(32).toString('base64'), 'production');
const at = new Date('2026-11-27T12:00:00Z');
const message = JSON.stringify({ webhook_id: 7, event: 'request.create', object_id: 10 });
/** As the administrator got it: `whsec_` and the base64 of the HMAC key (Standard Webhooks). */
const keyBytes = randomBytes(32);
const secret = `whsec_${keyBytes.toString('base64')}`;
const hs256: SigningPolicy & { name: string } = {
  id: 3, name: 'HMAC', disabled: false, jwtAlg: 'hs256', jwtAudience: null, jwtClaimExpiresIn: null, sealedKey: sealSecret(sealingKey, secret),
};

function claimed(options: { disabled?: boolean; test?: boolean; policy?: (SigningPolicy & { name: string }) | null } = {}): ClaimedDelivery {
  return {
    delivery: {
      id: 'd-1', account_id: trustedAccountId('wdc'), webhook_id: 7, event: 'request.create', test: options.test ?? false, attempts: 0, next_attempt_at: at,
      message, issuer: 'https://tessera.example/v1/accounts/wdc',
    },
    webhook: {
      id: 7, account_id: trustedAccountId('wdc'), name: 'CRM', event: 'request.create', uri: 'https://crm.example/hook', disabled: options.disabled ?? false, ordered: false, mail_exceptions_to: null,
      policy: options.policy === undefined ? null : options.policy,
    },
    lease: { id: 'd-1', token: 't-1' },
  };
}

/** A sender that keeps what it was asked to send and answers 204. */
function recorder() {
  const sent: WebhookRequest[] = [];
  const answer: SendResult = { startedAt: at, durationMs: 12, statusCode: 204, error: null, responseExcerpt: '' };
  return { sent, send: async (request: WebhookRequest) => (sent.push(request), answer), answer };
}

describe('attemptDelivery', () => {
  it('sends the stored message to the webhook URI with the delivery headers, and returns what the sender answered', async () => {
    const { sent, send, answer } = recorder();
    const outcome = await attemptDelivery(claimed(), { sealingKey, userAgent: 'Tessera-Webhooks/1', send, clock: () => at });
    expect(outcome.result).toEqual(answer);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: 'https://crm.example/hook',
      body: message,
      headers: expect.objectContaining({ 'content-type': 'application/json', 'user-agent': 'Tessera-Webhooks/1', 'x-tessera-delivery': 'd-1', 'x-tessera-event': 'request.create', 'webhook-id': 'd-1' }),
    });
  });

  it('signs with the policy afresh: the Standard Webhooks HMAC of the id, the timestamp of the attempt and the body', async () => {
    const { sent, send } = recorder();
    await attemptDelivery(claimed({ policy: hs256 }), { sealingKey, userAgent: 'Tessera-Webhooks/1', send, clock: () => at });
    const headers = sent[0]!.headers;
    expect(headers['webhook-timestamp']).toBe(String(at.getTime() / 1000));
    const expected = createHmac('sha256', keyBytes).update(`d-1.${headers['webhook-timestamp']}.${sent[0]!.body}`).digest('base64');
    expect(headers['webhook-signature']?.split(' ')).toContain(`v1,${expected}`);
  });

  it('sends nothing for a disabled webhook (the outcome has no result: the delivery is paused when recorded), but sends its test messages', async () => {
    const { sent, send } = recorder();
    expect((await attemptDelivery(claimed({ disabled: true }), { sealingKey, userAgent: 'UA', send })).result).toBeNull();
    expect(sent).toHaveLength(0);
    expect((await attemptDelivery(claimed({ disabled: true, test: true }), { sealingKey, userAgent: 'UA', send })).result?.statusCode).toBe(204);
    expect(sent).toHaveLength(1);
  });

  it('fails the attempt, sending nothing unsigned, when the policy cannot sign', async () => {
    const { sent, send } = recorder();
    const broken = { ...hs256, sealedKey: 'not a sealed secret' };
    const outcome = await attemptDelivery(claimed({ policy: broken }), { sealingKey, userAgent: 'UA', send, clock: () => at });
    expect(sent).toHaveLength(0);
    expect(outcome.result).toEqual({ startedAt: at, durationMs: 0, statusCode: null, error: expect.any(String), responseExcerpt: null });
    expect(outcome.result!.error).not.toBe('');
  });
});
