/**
 * `GET /v1/accounts/:account/webhook-keys.json` (decision 026): a receiver
 * finds the account's JWKS from the JWT's `iss` and verifies a delivered
 * message with jose's remote and local JWK sets, without a token and without
 * copying a PEM file.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';
import { setRetiresAt, signedDelivery } from './support/webhook-key-calls.js';
import { createPolicy } from './support/webhook-policy-calls.js';

describe('GET /v1/accounts/:account/webhook-keys.json', () => {
  let h: ApiHarness;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    h = await startApiHarness();
    server = h.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await h.drop();
  });
  beforeEach(async () => {
    await h.test.db('webhooks').delete();
    await h.test.db('webhook_policies').delete();
  });

  const keysOf = async (account = h.demo.account) => (await request(h.app).get(`/v1/accounts/${account}/webhook-keys.json`).expect(200)).body as JSONWebKeySet;
  const kids = (set: JSONWebKeySet) => set.keys.map((key) => key.kid).sort();

  it('lists the public keys of the enabled asymmetric policies as JWKs, without a token; never an HMAC secret nor a disabled policy’s key', async () => {
    const ed = (await createPolicy(h, { jwt_alg: 'ed25519' }).expect(200)).body;
    const es = (await createPolicy(h, { jwt_alg: 'es384' }).expect(200)).body;
    const rs = (await createPolicy(h, { jwt_alg: 'rs256' }).expect(200)).body;
    const hs = (await createPolicy(h, { jwt_alg: 'hs256' }).expect(200)).body;
    await createPolicy(h, { jwt_alg: 'none' }).expect(200);
    const disabled = (await createPolicy(h, { jwt_alg: 'es256', disabled: true }).expect(200)).body;
    await h.test.db('accounts').insert({ id: 'other', name: 'Other' }).onConflict('id').ignore();
    await h.test.db('webhook_policies').insert({ account_id: 'other', name: 'Foreign es256', jwt_alg: 'es256', public_key_pem: es.public_key_pem, sealed_key: 'v1.x', key_id: 'foreign-kid' });

    const res = await request(h.app).get(`/v1/accounts/${h.demo.account}/webhook-keys.json`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['etag']).toEqual(expect.any(String));
    const set = res.body as JSONWebKeySet;
    expect(kids(set)).toEqual([ed.key_id, es.key_id, rs.key_id].sort());
    const byKid = Object.fromEntries(set.keys.map((key) => [key.kid, key]));
    expect(byKid[ed.key_id]).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: ed.key_id, alg: 'EdDSA', use: 'sig' });
    expect(byKid[es.key_id]).toEqual({ kty: 'EC', crv: 'P-384', x: expect.any(String), y: expect.any(String), kid: es.key_id, alg: 'ES384', use: 'sig' });
    expect(byKid[rs.key_id]).toEqual({ kty: 'RSA', n: expect.any(String), e: 'AQAB', kid: rs.key_id, alg: 'RS256', use: 'sig' });
    expect(res.text).not.toContain(hs.key_id);
    expect(res.text).not.toContain(disabled.key_id);
    expect(res.text).not.toMatch(/"d"|PRIVATE|whsec_/);
    expect(kids(await keysOf('other'))).toEqual(['foreign-kid']);

    // Unchanged keys: the cache revalidates with its ETag and gets no body.
    await request(h.app).get(`/v1/accounts/${h.demo.account}/webhook-keys.json`).set('If-None-Match', res.headers['etag']!).expect(304);
    await call(h, 'patch', `/v1/webhook_policies/${disabled.id}`).send({ disabled: false }).expect(200);
    const changed = await request(h.app).get(`/v1/accounts/${h.demo.account}/webhook-keys.json`).set('If-None-Match', res.headers['etag']!).expect(200);
    expect(kids(changed.body)).toContain(disabled.key_id);
  });

  it('is the usual 404 for an account that does not exist or cannot', async () => {
    for (const account of ['nobody', 'NOT-AN-ID', 'a', '%2E%2E']) {
      const res = await request(h.app).get(`/v1/accounts/${account}/webhook-keys.json`).expect(404);
      expect(res.body).toEqual({ message: 'Not Found' });
    }
  });

  it('verifies a delivered JWT found from its iss, with createRemoteJWKSet and createLocalJWKSet, through a key roll and after its window', async () => {
    const policy = (await createPolicy(h, { jwt_alg: 'ed25519', jwt_audience: 'https://receiver.example' }).expect(200)).body;
    const issuer = `${base}/v1/accounts/${h.demo.account}`;
    const receiverVerifies = async (jwt: string) => {
      const { iss } = decodeJwt(jwt);
      // A receiver trusts its own issuer only, then asks it for the keys.
      expect(iss).toBe(issuer);
      const remote = createRemoteJWKSet(new URL(`${iss}/webhook-keys.json`));
      const { payload, protectedHeader } = await jwtVerify(jwt, remote, { issuer, audience: 'https://receiver.example' });
      return { payload, protectedHeader };
    };

    const first = await signedDelivery(h, policy.id, issuer);
    expect((await receiverVerifies(first.jwt)).payload.jti).toBe(first.deliveryId);

    const rolled = (await call(h, 'post', `/v1/webhook_policies/${policy.id}/roll_key`).send({ overlap_minutes: 60 }).expect(200)).body;
    expect(kids(await keysOf())).toEqual([policy.key_id, rolled.key_id].sort());
    const during = await signedDelivery(h, policy.id, issuer);
    expect((await receiverVerifies(during.jwt)).protectedHeader.kid).toBe(rolled.key_id);
    // A message signed before the roll still verifies during the window (a retry in flight, a queue at the receiver).
    const localSet = createLocalJWKSet(await keysOf());
    await jwtVerify(first.jwt, localSet, { issuer, audience: 'https://receiver.example' });
    await jwtVerify(during.jwt, localSet, { issuer, audience: 'https://receiver.example' });

    await setRetiresAt(h, policy.id, new Date(Date.now() - 1000));
    const after = await keysOf();
    expect(kids(after)).toEqual([rolled.key_id]);
    await expect(jwtVerify(first.jwt, createLocalJWKSet(after), { issuer })).rejects.toThrow(/no applicable key found/i);
    await jwtVerify(during.jwt, createLocalJWKSet(after), { issuer, audience: 'https://receiver.example' });
  });
});
