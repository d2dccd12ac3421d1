/**
 * The opened signing keys of a policy, kept per process: opening (AES-GCM) is
 * cheap, but importing an RSA/EC private key costs about as much as signing,
 * and the worker signs every attempt of every delivery — with two or more keys
 * while a key is rolled (decision 026). Cached by the sealed value under its
 * sealing key, so a regenerated key (a new sealed value) is never answered with
 * the old one, a policy's current and retiring keys are cached side by side,
 * and a wrong sealing key still fails.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { jwtAlgFamily, type KeyedJwtAlg } from './jwt-alg.js';
import { webhookSecretBytes } from './policy-key-material.js';
import { openSecret, type SealingKey } from './sealing-key.js';

/**
 * An HMAC secret's bytes; an RSA, ECDSA or Ed25519 key as node:crypto holds
 * it, which signs the JWT (and, for Ed25519, the Standard Webhooks `v1a`
 * signature) synchronously.
 */
export type OpenedKey = { kind: 'hmac'; secret: Uint8Array } | { kind: 'private'; key: KeyObject } | { kind: 'ed25519'; key: KeyObject };

/** The named curve of each ECDSA algorithm (RFC 7518 §3.4), as node:crypto names it. */
const CURVES: Record<string, string> = { es256: 'prime256v1', es384: 'secp384r1', es512: 'secp521r1' };

const MAX_CACHED = 1000;
const cache = new WeakMap<SealingKey, Map<string, Promise<OpenedKey>>>();

export function openedSigningKey(alg: KeyedJwtAlg, sealedKey: string, sealingKey: SealingKey): Promise<OpenedKey> {
  let keys = cache.get(sealingKey);
  if (!keys) cache.set(sealingKey, (keys = new Map()));
  const cacheKey = `${alg}:${sealedKey}`;
  const cached = keys.get(cacheKey);
  if (cached) return cached;
  const opened = open(alg, sealedKey, sealingKey);
  // A failure is not kept: the next attempt tries again and reports its own reason.
  opened.catch(() => keys.delete(cacheKey));
  if (keys.size >= MAX_CACHED) keys.delete(keys.keys().next().value as string);
  keys.set(cacheKey, opened);
  return opened;
}

async function open(alg: KeyedJwtAlg, sealedKey: string, sealingKey: SealingKey): Promise<OpenedKey> {
  const plain = openSecret(sealingKey, sealedKey);
  const family = jwtAlgFamily(alg);
  if (family === 'hmac') return { kind: 'hmac', secret: webhookSecretBytes(plain) };
  if (family === 'eddsa') return { kind: 'ed25519', key: createPrivateKey(plain) };
  // A node:crypto key signs synchronously (jose would go through WebCrypto: a promise per signature).
  const key = createPrivateKey(plain);
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (family === 'rsa' ? key.asymmetricKeyType !== 'rsa' : key.asymmetricKeyType !== 'ec' || curve !== CURVES[alg]) {
    throw new TypeError(`the key is not ${family === 'rsa' ? 'an RSA' : `a ${CURVES[alg]} EC`} private key for ${alg}`);
  }
  return { kind: 'private', key };
}
