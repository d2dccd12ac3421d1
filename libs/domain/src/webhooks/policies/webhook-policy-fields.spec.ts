import { checkWebhookPolicyInput } from './webhook-policy-fields.js';

describe('webhook policy fields (REFERENCE.md "Webhooks")', () => {
  it('needs jwt_alg on create only, and lower-cases it', () => {
    expect(checkWebhookPolicyInput({}, true)).toEqual({ ok: false, errors: [['jwt_alg', "Jwt alg can't be blank"]] });
    expect(checkWebhookPolicyInput({}, false)).toEqual({ ok: true, fields: {} });
    expect(checkWebhookPolicyInput({ jwt_alg: ' RS384 ' }, true)).toEqual({ ok: true, fields: { jwt_alg: 'rs384' } });
  });

  it('keeps an audience as given, and a blank one as none', () => {
    expect(checkWebhookPolicyInput({ jwt_audience: ' urn:receiver ' }, false)).toEqual({ ok: true, fields: { jwt_audience: ' urn:receiver ' } });
    expect(checkWebhookPolicyInput({ jwt_audience: '   ' }, false)).toEqual({ ok: true, fields: { jwt_audience: null } });
    expect(checkWebhookPolicyInput({ jwt_audience: 'a'.repeat(255) }, false).ok).toBe(true);
  });

  it('takes 1 to 525600 whole minutes, or null, as the expiry', () => {
    expect(checkWebhookPolicyInput({ jwt_claim_expires_in: 1 }, false)).toEqual({ ok: true, fields: { jwt_claim_expires_in: 1 } });
    expect(checkWebhookPolicyInput({ jwt_claim_expires_in: 525600 }, false).ok).toBe(true);
    expect(checkWebhookPolicyInput({ jwt_claim_expires_in: null }, false)).toEqual({ ok: true, fields: { jwt_claim_expires_in: null } });
  });

  it('reports every problem at once', () => {
    expect(checkWebhookPolicyInput({ jwt_alg: 'HS1', jwt_audience: 'a'.repeat(256), jwt_claim_expires_in: Number.NaN }, true)).toEqual({
      ok: false,
      errors: [
        ['jwt_alg', 'Jwt alg is not included in the list (none, hs256, hs384, hs512, rs256, rs384, rs512, es256, es384, es512, ed25519)'],
        ['jwt_audience', 'Jwt audience is too long (maximum is 255 characters)'],
        ['jwt_claim_expires_in', 'Jwt claim expires in must be a whole number of minutes'],
      ],
    });
  });
});
