/**
 * Whether a stored OAuth access token may be used, from what its lookup read in one
 * query (issue 10 items 5 and 6; docs/decisions/013-scope-conditions.md "OAuth access
 * tokens"). A token is usable only while:
 * - it and its grant are current for the integration (`isAuthorizationCurrent`: not
 *   stored at or before a revocation, to the microsecond; the integration not disabled);
 * - its application is not disabled;
 * - it is a plain bearer token: a sender-constrained one (DPoP `jkt`, mTLS `x5t#S256`)
 *   needs a proof the APIs do not check, so it is refused rather than accepted without.
 * It expires at the earlier of its own expiry and its grant's.
 */
import { isAuthorizationCurrent, type AuthorizationStanding, type EpochMicros } from '../integrations/authorization-revocation.js';

export interface StoredOAuthAccessToken {
  /** The AccessToken payload as oidc-provider stored it (`exp` in epoch seconds). */
  payload: Readonly<Record<string, unknown>>;
  /**
   * When the token's row and its grant's row were stored, by the database's clock: the
   * payloads' `iat` is whole seconds, too coarse to tell a grant of the revocation's own
   * second from one before it.
   */
  issuedAt: EpochMicros | null;
  grantIssuedAt: EpochMicros | null;
  /** The row's `expires_at` columns. */
  expiresAt: Date | null;
  grantExpiresAt: Date | null;
  applicationDisabled: boolean;
  integration: AuthorizationStanding;
}

export interface OAuthAccessTokenValidity {
  usable: boolean;
  expiresAt: Date | null;
}

const epochDate = (value: unknown): Date | null => (typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null);

export function oauthAccessTokenValidity(stored: StoredOAuthAccessToken): OAuthAccessTokenValidity {
  const { payload, integration, issuedAt, grantIssuedAt } = stored;
  const expiresAt = earliest([stored.expiresAt, epochDate(payload['exp']), stored.grantExpiresAt]);
  const senderConstrained = payload['jkt'] !== undefined || payload['x5t#S256'] !== undefined;
  const usable =
    issuedAt !== null &&
    grantIssuedAt !== null &&
    !stored.applicationDisabled &&
    !senderConstrained &&
    isAuthorizationCurrent(issuedAt, integration) &&
    isAuthorizationCurrent(grantIssuedAt, integration);
  return { usable, expiresAt };
}

function earliest(dates: Array<Date | null>): Date | null {
  const known = dates.filter((date): date is Date => date !== null);
  return known.length === 0 ? null : new Date(Math.min(...known.map((date) => date.getTime())));
}
