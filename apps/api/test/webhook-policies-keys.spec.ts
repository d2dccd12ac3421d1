import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { joseAlg, loadSealingKey, openSecret, signWebhookMessage, type JwtAlg, type SigningPolicy, type WebhookMessage } from '@tessera/domain';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { auditLines, call } from './support/integration-calls.js';
import { createPolicy, policyRow } from './support/webhook-policy-calls.js';

// The harness runs the api without SECRET_SEALING_KEY: the public development key.
const sealingKey = loadSealingKey(undefined, 'test');

describe('/v1/webhook_policies — key material: made on create, shown once, stored sealed', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  /** Signs a message the way the worker does, from what the database holds. */
  async function signedWith(id: number): Promise<string> {
    const row = await h.test.db('webhook_policies').where({ id }).first();
    const policy: SigningPolicy = {
      id, disabled: row.disabled, jwtAlg: row.jwt_alg as JwtAlg, jwtAudience: row.jwt_audience, jwtClaimExpiresIn: row.jwt_claim_expires_in, sealedKey: row.sealed_key,
      keyId: row.key_id,
    };
    const message = { webhook_id: 1, event: 'request.create' } as unknown as WebhookMessage;
    const signed = await signWebhookMessage(policy, JSON.stringify(message), { webhookId: 1, deliveryId: randomUUID(), issuer: 'https://tessera.example/v1/accounts/wdc', now: new Date(), sealingKey });
    return (JSON.parse(signed.body) as { jwt: string }).jwt;
  }

  async function expectShownOnceOnly(id: number, secretText: string) {
    const reads = [
      await call(h, 'get', `/v1/webhook_policies/${id}`).expect(200),
      await call(h, 'get', '/v1/webhook_policies').query({ per_page: 100 }).expect(200),
      await call(h, 'get', '/v1/webhook_policies/enabled').query({ per_page: 100, fields: 'name,jwt_alg,jwt_audience' }).expect(200),
      await call(h, 'patch', `/v1/webhook_policies/${id}`).send({ jwt_audience: 'changed' }).expect(200),
    ];
    for (const res of reads) {
      expect(res.text).not.toContain(secretText);
      expect(res.text).not.toContain('public_key_pem');
      expect(res.text).not.toContain('secret');
    }
    expect(JSON.stringify(await auditLines(h, 'WebhookPolicy', id))).not.toContain(secretText);
  }

  it.each(['rs256', 'rs512', 'es256', 'es384', 'es512', 'ed25519'] as const)('%s: returns the public key once; the database holds it in clear and the private key only sealed', async (alg) => {
    const created = (await createPolicy(h, { jwt_alg: alg }).expect(200)).body;
    expect(created.secret).toBeUndefined();
    const row = (await policyRow(h, created.id))!;
    expect(row.public_key_pem).toBe(created.public_key_pem);
    expect(row.sealed_key).toMatch(/^v1\./);
    expect(row.sealed_key).not.toContain('PRIVATE KEY');
    const privatePem = openSecret(sealingKey, row.sealed_key!);
    expect(privatePem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    // The sealed private key is the pair of the public key that was shown.
    expect(String(createPublicKey(createPrivateKey(privatePem)).export({ type: 'spki', format: 'pem' })).trim()).toBe(created.public_key_pem.trim());
    const verified = await jwtVerify(await signedWith(created.id), await importSPKI(created.public_key_pem, joseAlg(alg)));
    expect(verified.protectedHeader).toEqual({ alg: joseAlg(alg), typ: 'JWT', kid: created.key_id });
    expect(created.key_id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await expectShownOnceOnly(created.id, created.public_key_pem.split('\n')[1]);
  });

  it.each([['hs256', 32], ['hs384', 48], ['hs512', 64]] as const)('%s: returns the secret once; the database holds it only sealed', async (alg, bytes) => {
    const created = (await createPolicy(h, { jwt_alg: alg }).expect(200)).body;
    expect(created.public_key_pem).toBeNull();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const key = Buffer.from(created.secret.slice('whsec_'.length), 'base64');
    expect(key).toHaveLength(bytes);
    const row = (await policyRow(h, created.id))!;
    expect(row.public_key_pem).toBeNull();
    expect(row.sealed_key).not.toContain(created.secret.slice(6, 30));
    expect(openSecret(sealingKey, row.sealed_key!)).toBe(created.secret);
    await jwtVerify(await signedWith(created.id), new Uint8Array(key), { algorithms: [alg.toUpperCase()] });
    await expectShownOnceOnly(created.id, created.secret.slice(6));
  });

  it('none: no key at all', async () => {
    const created = (await createPolicy(h, { jwt_alg: 'none' }).expect(200)).body;
    expect(created.public_key_pem).toBeNull();
    expect(created.secret).toBeUndefined();
    expect(await policyRow(h, created.id)).toMatchObject({ public_key_pem: null, sealed_key: null });
  });

  it('a new jwt_alg replaces the key at once and shows the new one in that answer only', async () => {
    const created = (await createPolicy(h, { jwt_alg: 'hs256' }).expect(200)).body;
    const oldSealed = (await policyRow(h, created.id))!.sealed_key;

    const toEs = await call(h, 'patch', `/v1/webhook_policies/${created.id}`).send({ jwt_alg: 'ES256' }).expect(200);
    expect(toEs.body).toMatchObject({ jwt_alg: 'es256', public_key_pem: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----/) });
    expect(toEs.body.secret).toBeUndefined();
    const row = (await policyRow(h, created.id))!;
    expect(row.sealed_key).not.toBe(oldSealed);
    expect(row.public_key_pem).toBe(toEs.body.public_key_pem);
    await jwtVerify(await signedWith(created.id), await importSPKI(toEs.body.public_key_pem, 'ES256'));
    expect((await call(h, 'get', `/v1/webhook_policies/${created.id}`).expect(200)).body.public_key_pem).toBeUndefined();

    const toHs = await call(h, 'patch', `/v1/webhook_policies/${created.id}`).send({ jwt_alg: 'hs512' }).expect(200);
    expect(toHs.body).toMatchObject({ jwt_alg: 'hs512', public_key_pem: null, secret: expect.stringMatching(/^whsec_/) });
    expect(toHs.body.secret).not.toBe(created.secret);

    const toNone = await call(h, 'patch', `/v1/webhook_policies/${created.id}`).send({ jwt_alg: 'none' }).expect(200);
    expect(toNone.body).toMatchObject({ jwt_alg: 'none', public_key_pem: null });
    expect(await policyRow(h, created.id)).toMatchObject({ public_key_pem: null, sealed_key: null });

    const lines = (await auditLines(h, 'WebhookPolicy', created.id)).slice(1).map((line) => line.changes);
    expect(lines).toEqual([
      { jwt_alg: ['hs256', 'es256'], signing_key: 'regenerated' },
      { jwt_alg: ['es256', 'hs512'], signing_key: 'regenerated' },
      { jwt_alg: ['hs512', 'none'], signing_key: 'removed' },
    ]);
  });
});
