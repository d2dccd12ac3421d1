/**
 * Key material of a webhook policy, made once when the policy is created (or
 * its algorithm changes) and shown to the administrator once (REFERENCE.md
 * "Webhooks": `public_key_pem`, and for `hs*` the secret, only in that answer):
 *
 * - `rs*`: an RSA 2048 key pair; `es256/384/512`: a P-256/P-384/P-521 key pair;
 *   `ed25519`: an Ed25519 key pair (decision 026). The public key is kept in
 *   clear (SPKI PEM); the private key (PKCS #8 PEM) is kept only sealed.
 * - `hs*`: 32/48/64 random bytes (the hash size), given as `whsec_<base64>`,
 *   the Standard Webhooks form: receivers base64-decode the part after the
 *   prefix and use those bytes as the HMAC key, both for the JWT and for the
 *   `webhook-signature` header. Kept only sealed.
 * - `none`: no key.
 *
 * Every key gets a key id (`kid`): random, opaque, named in the JWT header and
 * the account's JWKS, so a receiver holding several keys (during a key roll,
 * decision 026) knows which one verifies.
 */
import { randomBytes } from 'node:crypto';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { hashBits, joseAlg, jwtAlgFamily, type JwtAlg } from './jwt-alg.js';
import { sealSecret, type SealingKey } from './sealing-key.js';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export interface PolicyKeyMaterial {
  /** For `rs*`/`es*`/`ed25519`: the public key (SPKI PEM), stored in clear. */
  publicKeyPem: string | null;
  /** For `hs*`: the shared secret, shown once. */
  secret: string | null;
  /** The private key or secret, sealed; what the store keeps. */
  sealedKey: string | null;
  /** The key id (`kid`); null for `none`. */
  keyId: string | null;
}

/** A new key id: 96 random bits, base64url (16 characters). */
export function newKeyId(): string {
  return randomBytes(12).toString('base64url');
}

export async function generatePolicyKey(alg: JwtAlg, sealingKey: SealingKey): Promise<PolicyKeyMaterial> {
  if (alg === 'none') return { publicKeyPem: null, secret: null, sealedKey: null, keyId: null };
  if (alg !== 'ed25519' && jwtAlgFamily(alg) === 'hmac') {
    const secret = WEBHOOK_SECRET_PREFIX + randomBytes(hashBits(alg) / 8).toString('base64');
    return { publicKeyPem: null, secret, sealedKey: sealSecret(sealingKey, secret), keyId: newKeyId() };
  }
  // jose picks the curve from the algorithm (ES512 → P-521) and 2048 bits for RSA; EdDSA is given its curve.
  const pair = await generateKeyPair(joseAlg(alg), { extractable: true, modulusLength: 2048, ...(alg === 'ed25519' ? { crv: 'Ed25519' } : {}) });
  const [publicKeyPem, privateKeyPem] = await Promise.all([exportSPKI(pair.publicKey), exportPKCS8(pair.privateKey)]);
  return { publicKeyPem, secret: null, sealedKey: sealSecret(sealingKey, privateKeyPem), keyId: newKeyId() };
}

/** The HMAC key bytes of a `whsec_` secret. */
export function webhookSecretBytes(secret: string): Uint8Array {
  const base64 = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return new Uint8Array(Buffer.from(base64, 'base64'));
}
