import { createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify, UnsecuredJWT } from 'jose';
import type { WebhookMessage } from '../deliveries/webhook-message.js';
import { JWT_ALGS, type JwtAlg } from './jwt-alg.js';
import { generatePolicyKey } from './policy-key-material.js';
import { loadSealingKey } from './sealing-key.js';
import { DEFAULT_JWT_EXPIRES_IN_MINUTES, signWebhookMessage, WebhookSigningError } from './sign-webhook-message.js';
import type { SigningPolicy } from './signing-policy.js';

const sealingKey = loadSealingKey(randomBytes(32).toString('base64'), 'production');
const issuer = 'https://tessera.example/v1/accounts/wdc';
const now = new Date('2026-11-22T10:00:00.000Z');
const nowSeconds = now.getTime() / 1000;
const deliveryId = '0f4c7b84-5c1e-4c53-9a7d-8c0e3e7f3a11';
const context = { webhookId: 42, deliveryId, issuer, now, sealingKey };
const message: WebhookMessage = {
  webhook_id: 42,
  webhook_nodeID: 'node-webhook-42',
  account_id: 'wdc',
  account: issuer,
  name: 'request.create',
  event: 'request.create',
  object_id: 7,
  object_nodeID: 'node-request-7',
  person_id: 3,
  person_nodeID: 'node-person-3',
  person_name: 'Howard Tanner',
  payload: { audit_line_id: 9, audit_line_nodeID: 'node-audit-9', status: 'assigned' },
};

/** The message as the database stores it (jsonb's own text: its key order and spacing). */
const text = `{"name": "request.create", "event": "request.create", "account": "${issuer}", "payload": {"status": "assigned", "audit_line_id": 9, "audit_line_nodeID": "node-audit-9"}, "object_id": 7, "person_id": 3, "account_id": "wdc", "webhook_id": 42, "person_name": "Howard Tanner", "object_nodeID": "node-request-7", "person_nodeID": "node-person-3", "webhook_nodeID": "node-webhook-42"}`;

async function policyFor(jwtAlg: JwtAlg, fields: Partial<SigningPolicy> = {}) {
  const material = await generatePolicyKey(jwtAlg, sealingKey);
  const policy: SigningPolicy = { id: 5, disabled: false, jwtAlg, jwtAudience: 'https://receiver.example', jwtClaimExpiresIn: 15, sealedKey: material.sealedKey, ...fields };
  return { policy, material };
}

const jwtOf = (body: string) => {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual(['jwt']);
  return parsed['jwt'] as string;
};

const expectedClaims = (minutes: number, audience: string | null = 'https://receiver.example') => ({
  data: message,
  iss: issuer,
  ...(audience ? { aud: audience } : {}),
  jti: deliveryId,
  sub: '42',
  iat: nowSeconds,
  nbf: nowSeconds,
  exp: nowSeconds + minutes * 60,
});

describe('signWebhookMessage', () => {
  it('sends the plain JSON message with the Standard Webhooks id and timestamp when the webhook has no policy', async () => {
    const signed = await signWebhookMessage(null, text, context);
    expect(signed.body).toBe(text);
    expect(JSON.parse(signed.body)).toEqual(message);
    expect(signed.headers).toEqual({ 'content-type': 'application/json', 'webhook-id': deliveryId, 'webhook-timestamp': String(nowSeconds) });
  });

  it.each(['rs256', 'rs384', 'rs512', 'es256', 'es384', 'es512'] as const)(
    'signs with the %s private key; jose verifies it with the public key PEM and finds every claim',
    async (alg) => {
      const { policy, material } = await policyFor(alg);
      expect(material.secret).toBeNull();
      expect(material.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
      const signed = await signWebhookMessage(policy, text, context);
      const jwt = jwtOf(signed.body);
      const publicKey = await importSPKI(material.publicKeyPem!, alg.toUpperCase());
      const verified = await jwtVerify(jwt, publicKey, { algorithms: [alg.toUpperCase()], issuer, audience: 'https://receiver.example', currentDate: now });
      expect(verified.protectedHeader).toEqual({ alg: alg.toUpperCase(), typ: 'JWT' });
      expect(verified.payload).toEqual(expectedClaims(15));
      expect(signed.headers).toEqual({ 'content-type': 'application/json', 'webhook-id': deliveryId, 'webhook-timestamp': String(nowSeconds) });
    },
  );

  it.each(['hs256', 'es256', 'ed25519', 'none'] as const)('puts the message text into the %s claims as it is stored, not parsed and written again', async (alg) => {
    const { policy } = await policyFor(alg);
    const jwt = jwtOf((await signWebhookMessage(policy, text, context)).body);
    const claims = Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8');
    expect(claims.startsWith(`{"data":${text},"iss":`)).toBe(true);
  });

  it('uses the key size the algorithm names: RSA 2048, P-256/P-384/P-521', async () => {
    const { createPublicKey } = await import('node:crypto');
    const details = async (alg: JwtAlg) => createPublicKey((await generatePolicyKey(alg, sealingKey)).publicKeyPem!).asymmetricKeyDetails;
    expect((await details('rs256'))?.modulusLength).toBe(2048);
    expect((await details('es256'))?.namedCurve).toBe('prime256v1');
    expect((await details('es384'))?.namedCurve).toBe('secp384r1');
    expect((await details('es512'))?.namedCurve).toBe('secp521r1');
  });

  it.each([
    ['hs256', 32],
    ['hs384', 48],
    ['hs512', 64],
  ] as const)('signs %s with the policy secret (%i bytes) and adds the Standard Webhooks signature', async (alg, bytes) => {
    const { policy, material } = await policyFor(alg, { jwtAudience: null, jwtClaimExpiresIn: null });
    expect(material.publicKeyPem).toBeNull();
    expect(material.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    const secretBytes = Buffer.from(material.secret!.slice('whsec_'.length), 'base64');
    expect(secretBytes).toHaveLength(bytes);

    const signed = await signWebhookMessage(policy, text, context);
    const verified = await jwtVerify(jwtOf(signed.body), new Uint8Array(secretBytes), { algorithms: [alg.toUpperCase()], issuer, currentDate: now });
    expect(verified.payload).toEqual(expectedClaims(DEFAULT_JWT_EXPIRES_IN_MINUTES, null));

    // Computed here as a Standard Webhooks receiver would: HMAC-SHA256 of "<id>.<timestamp>.<body>".
    const expected = createHmac('sha256', secretBytes).update(`${deliveryId}.${nowSeconds}.${signed.body}`).digest('base64');
    expect(signed.headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': deliveryId,
      'webhook-timestamp': String(nowSeconds),
      'webhook-signature': `v1,${expected}`,
    });
  });

  it('refuses a JWT signed with another policy secret or public key', async () => {
    const { policy } = await policyFor('hs256');
    const other = await policyFor('hs256');
    const jwt = jwtOf((await signWebhookMessage(policy, text, context)).body);
    const otherBytes = new Uint8Array(Buffer.from(other.material.secret!.slice(6), 'base64'));
    await expect(jwtVerify(jwt, otherBytes, { currentDate: now })).rejects.toThrow(/signature verification failed/);

    const es = await policyFor('es256');
    const esOther = await policyFor('es256');
    const esJwt = jwtOf((await signWebhookMessage(es.policy, text, context)).body);
    await expect(jwtVerify(esJwt, await importSPKI(esOther.material.publicKeyPem!, 'ES256'), { currentDate: now })).rejects.toThrow(/signature verification failed/);
  });

  it('makes an unsecured JWT for alg none, which decodes to every claim', async () => {
    const { policy, material } = await policyFor('none', { jwtClaimExpiresIn: 1 });
    expect(material).toEqual({ publicKeyPem: null, secret: null, sealedKey: null, keyId: null });
    const signed = await signWebhookMessage(policy, text, context);
    const jwt = jwtOf(signed.body);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'none' });
    expect(jwt.endsWith('.')).toBe(true);
    const decoded = UnsecuredJWT.decode(jwt, { issuer, audience: 'https://receiver.example', currentDate: now });
    expect(decoded.payload).toEqual(expectedClaims(1));
    expect(signed.headers['webhook-signature']).toBeUndefined();
  });

  it('signs each attempt afresh: a new timestamp and expiry, the same delivery id', async () => {
    const { policy, material } = await policyFor('es256');
    const later = new Date(now.getTime() + 90_000);
    const first = await signWebhookMessage(policy, text, context);
    const second = await signWebhookMessage(policy, text, { ...context, now: later });
    const publicKey = await importSPKI(material.publicKeyPem!, 'ES256');
    const payload = (await jwtVerify(jwtOf(second.body), publicKey, { currentDate: later })).payload;
    expect(payload.jti).toBe(deliveryId);
    expect(payload.iat).toBe(nowSeconds + 90);
    expect(payload.exp).toBe(nowSeconds + 90 + 15 * 60);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.headers['webhook-timestamp']).toBe(String(nowSeconds + 90));
    // Expired for a receiver past exp.
    await expect(jwtVerify(jwtOf(first.body), publicKey, { currentDate: new Date(now.getTime() + 16 * 60_000) })).rejects.toThrow(/"exp" claim timestamp check failed/);
  });

  it('signs nothing with a disabled policy, and says so', async () => {
    const { policy } = await policyFor('hs256', { disabled: true });
    await expect(signWebhookMessage(policy, text, context)).rejects.toThrow(new WebhookSigningError('webhook policy 5 is disabled: the message was not signed nor sent'));
  });

  it('fails, naming it, when a policy holds a key of another kind than its algorithm', async () => {
    const { material: rsa } = await policyFor('rs256');
    const { material: p384 } = await policyFor('es384');
    const { policy } = await policyFor('es256');
    await expect(signWebhookMessage({ ...policy, sealedKey: rsa.sealedKey }, text, context)).rejects.toThrow(/webhook policy 5: its key cannot be opened \(the key is not a prime256v1 EC private key for es256\)/);
    await expect(signWebhookMessage({ ...policy, sealedKey: p384.sealedKey }, text, context)).rejects.toThrow(/its key cannot be opened \(the key is not a prime256v1 EC private key/);
    await expect(signWebhookMessage({ ...policy, jwtAlg: 'rs256', sealedKey: p384.sealedKey }, text, context)).rejects.toThrow(/its key cannot be opened \(the key is not an RSA private key for rs256\)/);
  });

  it('fails with the reason when the key was sealed under another SECRET_SEALING_KEY or changed', async () => {
    const { policy } = await policyFor('rs256');
    const otherKey = loadSealingKey(randomBytes(32).toString('base64'), 'production');
    await expect(signWebhookMessage(policy, text, { ...context, sealingKey: otherKey })).rejects.toThrow(/webhook policy 5: its key cannot be opened \(sealed under another SECRET_SEALING_KEY/);
    const parts = policy.sealedKey!.split('.');
    parts[3] = (parts[3]!.startsWith('A') ? 'B' : 'A') + parts[3]!.slice(1);
    const tampered = { ...policy, sealedKey: parts.join('.') };
    await expect(signWebhookMessage(tampered, text, context)).rejects.toThrow(WebhookSigningError);
    // The good key still signs afterwards (a failure is not cached).
    await expect(signWebhookMessage(policy, text, context)).resolves.toHaveProperty('body');
  });

  it('signs with the key and key id a policy holds at each call, even when the same object is given a new key', async () => {
    const { policy } = await policyFor('hs256');
    await signWebhookMessage(policy, text, context);
    const next = await generatePolicyKey('hs256', sealingKey);
    policy.sealedKey = next.sealedKey;
    policy.keyId = 'k2';
    const signed = await signWebhookMessage(policy, text, context);
    const secret = Buffer.from(next.secret!.slice('whsec_'.length), 'base64');
    const verified = await jwtVerify(jwtOf(signed.body), secret, { algorithms: ['HS256'], issuer, currentDate: now });
    expect(verified.protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'k2' });
    const content = `${deliveryId}.${nowSeconds}.${signed.body}`;
    expect(signed.headers['webhook-signature']).toBe(`v1,${createHmac('sha256', secret).update(content).digest('base64')}`);
  });

  it('knows every algorithm of REFERENCE.md, and ed25519 (decision 026)', () => {
    expect(JWT_ALGS).toEqual(['none', 'hs256', 'hs384', 'hs512', 'rs256', 'rs384', 'rs512', 'es256', 'es384', 'es512', 'ed25519']);
  });

  it('ed25519: an EdDSA JWT naming its key, and a Standard Webhooks v1a signature a receiver verifies with the public key', async () => {
    const { policy, material } = await policyFor('ed25519', { keyId: 'kid-ed' });
    const signed = await signWebhookMessage(policy, text, context);
    const jwt = jwtOf(signed.body);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: 'kid-ed' });
    const verified = await jwtVerify(jwt, await importSPKI(material.publicKeyPem!, 'EdDSA'), { currentDate: now });
    expect(verified.payload).toEqual(expectedClaims(15));
    const [scheme, signature, ...rest] = signed.headers['webhook-signature']!.split(',');
    expect([scheme, rest]).toEqual(['v1a', []]);
    const content = Buffer.from(`${deliveryId}.${nowSeconds}.${signed.body}`);
    expect(verify(null, content, createPublicKey(material.publicKeyPem!), Buffer.from(signature!, 'base64'))).toBe(true);
    expect(verify(null, Buffer.from(`${deliveryId}.${nowSeconds + 1}.${signed.body}`), createPublicKey(material.publicKeyPem!), Buffer.from(signature!, 'base64'))).toBe(false);
  });

  it('while a key is rolled: the JWT by the new key, one signature per key in webhook-signature, none by a key past its window', async () => {
    const hsOld = await generatePolicyKey('hs256', sealingKey);
    const hsOlder = await generatePolicyKey('hs256', sealingKey);
    const { policy, material } = await policyFor('hs256', {
      keyId: 'new',
      retiringKeys: [
        { keyId: 'old', jwtAlg: 'hs256', sealedKey: hsOld.sealedKey!, retiresAt: new Date(now.getTime() + 60_000) },
        { keyId: 'gone', jwtAlg: 'hs256', sealedKey: hsOlder.sealedKey!, retiresAt: now },
      ],
    });
    const signed = await signWebhookMessage(policy, text, context);
    const content = `${deliveryId}.${nowSeconds}.${signed.body}`;
    const hmac = (secret: string) => createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(content).digest('base64');
    expect(signed.headers['webhook-signature']).toBe(`v1,${hmac(material.secret!)} v1,${hmac(hsOld.secret!)}`);
    expect(decodeProtectedHeader(jwtOf(signed.body)).kid).toBe('new');
    await jwtVerify(jwtOf(signed.body), Buffer.from(material.secret!.slice('whsec_'.length), 'base64'), { currentDate: now });

    const edOld = await generatePolicyKey('ed25519', sealingKey);
    const { policy: edPolicy, material: edNew } = await policyFor('ed25519', {
      keyId: 'ed-new', retiringKeys: [{ keyId: 'ed-old', jwtAlg: 'ed25519', sealedKey: edOld.sealedKey!, retiresAt: new Date(now.getTime() + 1000) }],
    });
    const edSigned = await signWebhookMessage(edPolicy, text, context);
    const entries = edSigned.headers['webhook-signature']!.split(' ').map((entry) => entry.split(','));
    const edContent = Buffer.from(`${deliveryId}.${nowSeconds}.${edSigned.body}`);
    expect(entries.map(([scheme]) => scheme)).toEqual(['v1a', 'v1a']);
    expect(entries.map(([, signature]) => verify(null, edContent, createPublicKey(edNew.publicKeyPem!), Buffer.from(signature!, 'base64')))).toEqual([true, false]);
    expect(entries.map(([, signature]) => verify(null, edContent, createPublicKey(edOld.publicKeyPem!), Buffer.from(signature!, 'base64')))).toEqual([false, true]);
  });

  it('es256 while rolled: the JWT only (ECDSA has no Standard Webhooks scheme), by the new key', async () => {
    const old = await generatePolicyKey('es256', sealingKey);
    const { policy, material } = await policyFor('es256', { keyId: 'es-new', retiringKeys: [{ keyId: 'es-old', jwtAlg: 'es256', sealedKey: old.sealedKey!, retiresAt: new Date(now.getTime() + 1000) }] });
    const signed = await signWebhookMessage(policy, text, context);
    expect(signed.headers['webhook-signature']).toBeUndefined();
    await jwtVerify(jwtOf(signed.body), await importSPKI(material.publicKeyPem!, 'ES256'), { currentDate: now });
    await expect(jwtVerify(jwtOf(signed.body), await importSPKI(old.publicKeyPem!, 'ES256'), { currentDate: now })).rejects.toThrow();
  });

  it('fails, naming it, when a retiring key cannot be opened', async () => {
    const { policy } = await policyFor('hs256', { retiringKeys: [{ keyId: 'broken', jwtAlg: 'hs256', sealedKey: 'v1.nope', retiresAt: new Date(now.getTime() + 1000) }] });
    await expect(signWebhookMessage(policy, text, context)).rejects.toThrow(/webhook policy 5: its retiring key broken cannot be opened/);
  });
});
