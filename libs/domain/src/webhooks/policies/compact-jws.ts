/**
 * The compact JWS of a webhook message (RFC 7515 §7.1) for the keys the
 * worker signs with on every attempt, computed synchronously with node:crypto:
 * HMAC (`HS256/384/512`, RFC 7518 §3.2) and Ed25519 (`EdDSA`, RFC 8037 §3.1).
 * jose goes through WebCrypto for these (a key import and a promise per
 * signature), which profiled at most of the cost of an HS256 attempt; RSA and
 * ECDSA keys stay with jose. Receivers verify these with any JOSE library (the
 * worker's signature tests verify them with jose).
 */
import { createHmac, sign, type KeyObject } from 'node:crypto';
import type { JWTPayload } from 'jose';

export type JwsHeader = { alg: string; typ: 'JWT'; kid?: string };

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function hmacJws(header: JwsHeader, claims: JWTPayload, secret: Uint8Array, bits: 256 | 384 | 512): string {
  const input = `${segment(header)}.${segment(claims)}`;
  return `${input}.${createHmac(`sha${bits}`, secret).update(input).digest('base64url')}`;
}

export function ed25519Jws(header: JwsHeader, claims: JWTPayload, key: KeyObject): string {
  const input = `${segment(header)}.${segment(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}
