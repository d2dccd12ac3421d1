/**
 * The compact JWS of a webhook message (RFC 7515 §7.1) for the keys the
 * worker signs with on every attempt, computed synchronously with node:crypto:
 * HMAC (`HS256/384/512`, RFC 7518 §3.2), RSA (`RS*`, §3.3), ECDSA (`ES*`,
 * §3.4) and Ed25519 (`EdDSA`, RFC 8037 §3.1), and the unsecured JWT of
 * `alg: none`. jose goes through WebCrypto (a key import and a promise per
 * signature), which profiled at most of the cost of an HS256 attempt, and at
 * a fifth of an ES256 one. Receivers verify these with any JOSE library (the
 * worker's signature tests verify them with jose).
 */
import { createHmac, sign, type KeyObject } from 'node:crypto';

export type JwsHeader = { alg: string; typ: 'JWT'; kid?: string };

/** The claims come as JSON text (the stored message goes into them as it is). */
const segment = (json: string) => Buffer.from(json).toString('base64url');
const UNSECURED_HEADER = segment(JSON.stringify({ alg: 'none' }));

/** The protected header's segment: one per policy key, not one per message (signWebhookMessage keeps it). */
export function jwsHeaderSegment(header: JwsHeader): string {
  return segment(JSON.stringify(header));
}

/** `header`: the header, or its segment already encoded (jwsHeaderSegment). */
const headerOf = (header: JwsHeader | string) => (typeof header === 'string' ? header : jwsHeaderSegment(header));

export function hmacJws(header: JwsHeader | string, claims: string, secret: Uint8Array, bits: 256 | 384 | 512): string {
  const input = `${headerOf(header)}.${segment(claims)}`;
  return `${input}.${createHmac(`sha${bits}`, secret).update(input).digest('base64url')}`;
}

/** RSASSA-PKCS1-v1_5 (`RS*`, RFC 7518 §3.3) or ECDSA (`ES*`, §3.4: the signature as r ‖ s, not DER). */
export function privateKeyJws(header: JwsHeader | string, claims: string, key: KeyObject, bits: 256 | 384 | 512): string {
  const input = `${headerOf(header)}.${segment(claims)}`;
  const signature = sign(`sha${bits}`, Buffer.from(input), key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'ieee-p1363' } : key);
  return `${input}.${signature.toString('base64url')}`;
}

export function ed25519Jws(header: JwsHeader | string, claims: string, key: KeyObject): string {
  const input = `${headerOf(header)}.${segment(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}

/** An unsecured JWT (RFC 7519 §6: `alg: none`, an empty signature), as jose's UnsecuredJWT writes it. */
export function unsecuredJws(claims: string): string {
  return `${UNSECURED_HEADER}.${segment(claims)}.`;
}
