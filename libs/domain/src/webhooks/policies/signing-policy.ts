import type { JwtAlg } from './jwt-alg.js';

/** What signing a message needs of a webhook policy (contract of issue 9). */
export interface SigningPolicy {
  id: number;
  disabled: boolean;
  jwtAlg: JwtAlg;
  jwtAudience: string | null;
  /** Minutes from signing to the `exp` claim; null for the default (DEFAULT_JWT_EXPIRES_IN_MINUTES). */
  jwtClaimExpiresIn: number | null;
  /** The private key or HMAC secret, sealed (sealSecret); null for `none`. */
  sealedKey: string | null;
}
