/**
 * When a stored OAuth access token stands, from the facts its lookup read (issue 10
 * items 5 and 6; docs/decisions/013-scope-conditions.md "OAuth access tokens"). A token
 * is refused:
 * - while its application is disabled;
 * - while its integration is disabled, or when the token or its grant was stored at or
 *   before the integration's authorizations were revoked (`isAuthorizationCurrent`, to
 *   the microsecond);
 * - when it is sender-constrained (DPoP `jkt`, mTLS `x5t#S256`): it needs a proof the
 *   APIs do not check, so it is refused rather than accepted without.
 * It expires at the earliest of its row's expiry, its payload's `exp` and its grant's expiry.
 * `resolveAccess` applies both on every call.
 */
import { isAuthorizationCurrent, type AuthorizationStanding, type EpochMicros } from '../integrations/authorization-revocation.js';

export interface OAuthTokenFacts {
  /** The account of the token's application. */
  accountId: string;
  grantId: string;
  /** The AccessToken payload as oidc-provider stored it (`exp` in epoch seconds). */
  payload: Readonly<Record<string, unknown>>;
  /**
   * When the token's row and its grant's row were stored, by the database's clock: the
   * payloads' `iat` is whole seconds, too coarse to tell a grant of the revocation's own
   * second from one before it.
   */
  issuedAt: EpochMicros | null;
  grantIssuedAt: EpochMicros | null;
  /** The grant row's `expires_at`. */
  grantExpiresAt: Date | null;
  applicationDisabled: boolean;
  /** The integration's disabled flag and `authorizations_revoked_at`. */
  integration: AuthorizationStanding;
}

export type OAuthTokenRefusal = 'application_disabled' | 'integration_disabled' | 'authorization_revoked' | 'sender_constrained';

export function oauthTokenRefusal(facts: OAuthTokenFacts): OAuthTokenRefusal | null {
  const { payload, integration, issuedAt, grantIssuedAt } = facts;
  if (facts.applicationDisabled) return 'application_disabled';
  if (integration.disabled) return 'integration_disabled';
  if (issuedAt === null || grantIssuedAt === null) return 'authorization_revoked';
  if (!isAuthorizationCurrent(issuedAt, integration) || !isAuthorizationCurrent(grantIssuedAt, integration)) return 'authorization_revoked';
  if (payload['jkt'] !== undefined || payload['x5t#S256'] !== undefined) return 'sender_constrained';
  return null;
}

/** The instant the token stops working: the earliest of its row's, its payload's and its grant's expiry. */
export function oauthTokenExpiry(rowExpiresAt: Date | null, facts: OAuthTokenFacts): Date | null {
  return earliest([rowExpiresAt, epochDate(facts.payload['exp']), facts.grantExpiresAt]);
}

const epochDate = (value: unknown): Date | null => (typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null);

function earliest(dates: Array<Date | null>): Date | null {
  const known = dates.filter((date): date is Date => date !== null);
  return known.length === 0 ? null : new Date(Math.min(...known.map((date) => date.getTime())));
}
