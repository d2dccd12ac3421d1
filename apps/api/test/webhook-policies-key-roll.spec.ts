/**
 * `POST /v1/webhook_policies/:id/roll_key` (decision 026): a new key signs
 * from the roll on, the old one signs beside it until the overlap window
 * ends, and receivers holding either key verify every message meanwhile.
 */
import { createHmac, createPublicKey, verify } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { validationErrorBodySchema } from '@tessera/http';
import { rolledWebhookPolicyKeySchema } from '../src/routes/webhook-policies.schema.js';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { auditLines, call } from './support/integration-calls.js';
import { setRetiresAt, signatureEntries, signedContent, signedDelivery } from './support/webhook-key-calls.js';
import { createPolicy, foreignPolicy } from './support/webhook-policy-calls.js';

const ISSUER = 'https://tessera.example/v1/accounts/wdc';
const secretBytes = (secret: string) => Buffer.from(secret.slice('whsec_'.length), 'base64');
const hmac = (secret: string, content: Buffer) => createHmac('sha256', secretBytes(secret)).update(content).digest();

describe('POST /v1/webhook_policies/:id/roll_key', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  const roll = (id: number, body?: Record<string, unknown>) => call(h, 'post', `/v1/webhook_policies/${id}/roll_key`).send(body);

  it('hs256: returns the new secret once; both keys sign each message until the window ends, the JWT by the new key', async () => {
    const created = (await createPolicy(h, { jwt_alg: 'hs256' }).expect(200)).body;
    const before = Date.now();
    const rolled = (await roll(created.id).expect(200)).body;
    expect(rolledWebhookPolicyKeySchema.strict().safeParse(rolled).error?.issues ?? []).toEqual([]);
    expect(rolled).toMatchObject({ id: created.id, jwt_alg: 'hs256', public_key_pem: null, secret: expect.stringMatching(/^whsec_/) });
    expect(rolled.secret).not.toBe(created.secret);
    expect(rolled.key_id).not.toBe(created.key_id);
    expect(rolled.retiring_keys).toEqual([{ key_id: created.key_id, retires_at: expect.any(String) }]);
    const retiresAt = new Date(rolled.retiring_keys[0].retires_at).getTime();
    expect(retiresAt - before).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(retiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const signed = await signedDelivery(h, created.id, ISSUER);
    const content = signedContent(signed);
    expect(signatureEntries(signed)).toEqual([['v1', hmac(rolled.secret, content)], ['v1', hmac(created.secret, content)]]);
    expect(decodeProtectedHeader(signed.jwt).kid).toBe(rolled.key_id);
    await jwtVerify(signed.jwt, secretBytes(rolled.secret));
    await expect(jwtVerify(signed.jwt, secretBytes(created.secret))).rejects.toThrow();

    // The window's end: the old key signs nothing more.
    await setRetiresAt(h, created.id, new Date(Date.now() - 1000));
    const later = await signedDelivery(h, created.id, ISSUER);
    expect(signatureEntries(later)).toEqual([['v1', hmac(rolled.secret, signedContent(later))]]);

    const [line] = (await auditLines(h, 'WebhookPolicy', created.id)).slice(-1);
    expect(line!.changes).toEqual({ key_id: [created.key_id, rolled.key_id], signing_key: 'rolled', overlap_minutes: 1440 });
    expect(JSON.stringify(line)).not.toContain(rolled.secret.slice(6));
    const read = await call(h, 'get', `/v1/webhook_policies/${created.id}`).expect(200);
    expect(read.body.key_id).toBe(rolled.key_id);
    expect(read.text).not.toContain('secret');
  });

  it('ed25519: two v1a signatures during the overlap, each verified by its own public key; 0 minutes ends the old keys at once', async () => {
    const created = (await createPolicy(h, { jwt_alg: 'ed25519' }).expect(200)).body;
    const rolled = (await roll(created.id, { overlap_minutes: 30 }).expect(200)).body;
    expect(rolled.public_key_pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(rolled.public_key_pem).not.toBe(created.public_key_pem);
    expect(new Date(rolled.retiring_keys[0].retires_at).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const signed = await signedDelivery(h, created.id, ISSUER);
    const entries = signatureEntries(signed);
    expect(entries.map(([scheme]) => scheme)).toEqual(['v1a', 'v1a']);
    const verifies = (pem: string) => entries.map(([, signature]) => verify(null, signedContent(signed), createPublicKey(pem), signature));
    expect(verifies(rolled.public_key_pem)).toEqual([true, false]);
    expect(verifies(created.public_key_pem)).toEqual([false, true]);
    const { protectedHeader } = await jwtVerify(signed.jwt, await importSPKI(rolled.public_key_pem, 'EdDSA'));
    expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: rolled.key_id });

    const again = (await roll(created.id, { overlap_minutes: 0 }).expect(200)).body;
    expect(again.retiring_keys).toEqual([]);
    const now = await signedDelivery(h, created.id, ISSUER);
    expect(signatureEntries(now).map(([, signature]) => verify(null, signedContent(now), createPublicKey(again.public_key_pem), signature))).toEqual([true]);
  });

  it('keeps at most two older keys, however often the key is rolled', async () => {
    const created = (await createPolicy(h, { jwt_alg: 'hs256' }).expect(200)).body;
    const keyIds = [created.key_id];
    for (let i = 0; i < 3; i += 1) keyIds.push((await roll(created.id, { overlap_minutes: 60 }).expect(200)).body.key_id);
    const last = (await roll(created.id, { overlap_minutes: 60 }).expect(200)).body;
    expect(last.retiring_keys.map((key: { key_id: string }) => key.key_id)).toEqual([keyIds[3], keyIds[2]]);
    expect(signatureEntries(await signedDelivery(h, created.id, ISSUER))).toHaveLength(3);
  });

  it('a new jwt_alg ends every older key at once', async () => {
    const created = (await createPolicy(h, { jwt_alg: 'hs256' }).expect(200)).body;
    await roll(created.id).expect(200);
    const changed = (await call(h, 'patch', `/v1/webhook_policies/${created.id}`).send({ jwt_alg: 'hs384' }).expect(200)).body;
    const signed = await signedDelivery(h, created.id, ISSUER);
    expect(signatureEntries(signed)).toEqual([['v1', hmac(changed.secret, signedContent(signed))]]);
    expect(decodeProtectedHeader(signed.jwt).kid).toBe(changed.key_id);
  });

  it('refuses a bad overlap with 422, a policy without a key with 409, another account’s or an unknown policy with 404, a token without webhook_policy:Update with 403', async () => {
    const created = (await createPolicy(h, { jwt_alg: 'es256' }).expect(200)).body;
    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [{ overlap_minutes: -1 }, [['overlap_minutes', 'Overlap minutes must be greater than or equal to 0']]],
      [{ overlap_minutes: 1.5 }, [['overlap_minutes', 'Overlap minutes must be a whole number of minutes']]],
      [{ overlap_minutes: 10_081 }, [['overlap_minutes', 'Overlap minutes must be less than or equal to 10080']]],
      [{ overlap_minutes: 5, key_id: 'mine' }, [['key_id', "'key_id' is not a field of a key roll"]]],
    ];
    for (const [body, errors] of cases) {
      const res = await roll(created.id, body).expect(422);
      expect({ body, answer: res.body }).toEqual({ body, answer: { message: 'Validation Failed', errors } });
      expect(validationErrorBodySchema.strict().safeParse(res.body).success).toBe(true);
    }
    expect((await roll(created.id, { overlap_minutes: '10' }).expect(422)).body.errors[0][0]).toBe('overlap_minutes');
    const read = (await call(h, 'get', `/v1/webhook_policies/${created.id}`).expect(200)).body;
    expect(read.key_id).toBe(created.key_id);

    const none = (await createPolicy(h, { jwt_alg: 'none' }).expect(200)).body;
    expect((await roll(none.id).expect(409)).body).toEqual({ message: `Webhook policy id ${none.id} ('${none.name}') signs with none: it has no key to roll (set jwt_alg to make one)` });
    expect((await roll(await foreignPolicy(h)).expect(404)).body).toEqual({ message: 'Not Found' });
    await roll(2_000_000_000).expect(404);
    await call(h, 'post', `/v1/webhook_policies/abc/roll_key`).send({}).expect(404);
    await call(h, 'post', `/v1/webhook_policies/${created.id}/roll_key`, await tokenFor(h, h.demo.admin.email, ['webhook_policy:Read'])).send({}).expect(403);
  });
});
