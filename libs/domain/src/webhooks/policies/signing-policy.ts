import type { JwtAlg, KeyedJwtAlg } from './jwt-alg.js';

/** A key rolled out of a policy (decision 026): it signs beside the current key until `retiresAt`. */
export interface RetiringSigningKey {
  keyId: string;
  jwtAlg: KeyedJwtAlg;
  /** The private key or HMAC secret, sealed (sealSecret). */
  sealedKey: string;
  /** The end of its overlap window: from then on it signs nothing. */
  retiresAt: Date;
}

/** What signing a message needs of a webhook policy (contract of issue 9, keys of issue 19). */
export interface SigningPolicy {
  id: number;
  disabled: boolean;
  jwtAlg: JwtAlg;
  jwtAudience: string | null;
  /** Minutes from signing to the `exp` claim; null for the default (DEFAULT_JWT_EXPIRES_IN_MINUTES). */
  jwtClaimExpiresIn: number | null;
  /** The private key or HMAC secret, sealed (sealSecret); null for `none`. */
  sealedKey: string | null;
  /** The current key's id, the JWT's `kid` header; null or absent: no `kid`. */
  keyId?: string | null;
  /** Keys rolled out and still in their overlap window: each adds its signature to `webhook-signature`. */
  retiringKeys?: readonly RetiringSigningKey[];
}
