import type { JwtAlg } from './jwt-alg.js';

/** A public key an account publishes in its JWKS (decision 026): a policy's current key or one in its overlap window. */
export interface PublishedKey {
  policy_id: number;
  key_id: string;
  jwt_alg: Exclude<JwtAlg, 'none'>;
  public_key_pem: string;
  /** Null for a policy's current key; the end of the overlap window for a retiring one. */
  retires_at: Date | null;
}
