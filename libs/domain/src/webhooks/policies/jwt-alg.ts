/**
 * The signing algorithms of a webhook policy (REFERENCE.md "Webhooks": `jwt_alg`
 * is one of none, hs256..512, rs256..512, es256..512). Stored lower-case; the
 * JOSE header names them upper-case.
 */
export const JWT_ALGS = ['none', 'hs256', 'hs384', 'hs512', 'rs256', 'rs384', 'rs512', 'es256', 'es384', 'es512'] as const;

export type JwtAlg = (typeof JWT_ALGS)[number];

/** How a policy's key is made and used: no key, a shared secret, or a key pair. */
export type JwtAlgFamily = 'none' | 'hmac' | 'rsa' | 'ec';

export function isJwtAlg(value: unknown): value is JwtAlg {
  return typeof value === 'string' && (JWT_ALGS as readonly string[]).includes(value);
}

export function jwtAlgFamily(alg: JwtAlg): JwtAlgFamily {
  if (alg === 'none') return 'none';
  return ({ hs: 'hmac', rs: 'rsa', es: 'ec' } as const)[alg.slice(0, 2) as 'hs' | 'rs' | 'es'];
}

/** The JOSE `alg` header value (RFC 7518 §3.1): `HS256`, `ES512`, ... */
export function joseAlg(alg: Exclude<JwtAlg, 'none'>): string {
  return alg.toUpperCase();
}

/** The SHA-2 size of an algorithm: 256, 384 or 512. */
export function hashBits(alg: Exclude<JwtAlg, 'none'>): 256 | 384 | 512 {
  return Number(alg.slice(2)) as 256 | 384 | 512;
}
