/**
 * The signing algorithms of a webhook policy (REFERENCE.md "Webhooks": `jwt_alg`
 * is one of none, hs256..512, rs256..512, es256..512; issue 19 adds ed25519,
 * decision 026). Stored lower-case; the JOSE header names them as RFC 7518 and
 * RFC 8037 do (`HS256`, `ES512`, `EdDSA`).
 */
export const JWT_ALGS = ['none', 'hs256', 'hs384', 'hs512', 'rs256', 'rs384', 'rs512', 'es256', 'es384', 'es512', 'ed25519'] as const;

export type JwtAlg = (typeof JWT_ALGS)[number];

/** The algorithms that sign with a key: every one but `none`. */
export type KeyedJwtAlg = Exclude<JwtAlg, 'none'>;

/** How a policy's key is made and used: no key, a shared secret, or a key pair (RSA, ECDSA, Ed25519). */
export type JwtAlgFamily = 'none' | 'hmac' | 'rsa' | 'ec' | 'eddsa';

export function isJwtAlg(value: unknown): value is JwtAlg {
  return typeof value === 'string' && (JWT_ALGS as readonly string[]).includes(value);
}

export function jwtAlgFamily(alg: JwtAlg): JwtAlgFamily {
  if (alg === 'none') return 'none';
  if (alg === 'ed25519') return 'eddsa';
  return ({ hs: 'hmac', rs: 'rsa', es: 'ec' } as const)[alg.slice(0, 2) as 'hs' | 'rs' | 'es'];
}

/** A key pair's algorithm: its public key can be published (JWKS) and verifies the JWT. */
export function isAsymmetric(alg: JwtAlg): alg is Exclude<KeyedJwtAlg, 'hs256' | 'hs384' | 'hs512'> {
  const family = jwtAlgFamily(alg);
  return family === 'rsa' || family === 'ec' || family === 'eddsa';
}

/** The JOSE `alg` header value (RFC 7518 §3.1, RFC 8037 §3.1): `HS256`, `ES512`, `EdDSA`, ... */
export function joseAlg(alg: KeyedJwtAlg): string {
  return alg === 'ed25519' ? 'EdDSA' : alg.toUpperCase();
}

/** The SHA-2 size of an HMAC, RSA or ECDSA algorithm: 256, 384 or 512. */
export function hashBits(alg: Exclude<KeyedJwtAlg, 'ed25519'>): 256 | 384 | 512 {
  return Number(alg.slice(2)) as 256 | 384 | 512;
}
