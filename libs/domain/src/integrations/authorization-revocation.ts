/**
 * When an integration's OAuth authorizations stop being valid (issue 8: "any
 * change invalidates the integration's OAuth tokens and grants — the person
 * must authorize again"; docs/decisions/013-scope-conditions.md "Revocation"):
 * - any change of its scopes (create, update, delete) revokes them;
 * - disabling the integration, or one of its OAuth applications, revokes them;
 * - revoking records a time, `authorizations_revoked_at`, in the transaction of
 *   the change; an OAuth token or grant issued at or before that time is no
 *   longer valid, one issued after it is (it was consented to with the new scopes);
 * - a token or grant of a disabled integration is never valid.
 * OAuth tokens and grants obey `isAuthorizationCurrent` wherever they are read.
 *
 * Both times are the database's, compared to the microsecond (issue 18 item 12):
 * a grant saved in the revocation's own second, after it, holds. A JavaScript
 * Date keeps milliseconds only, so the instants are epoch microseconds.
 */
/** An instant to PostgreSQL's precision: microseconds since the Unix epoch (exact in a number until the year 2255). */
export type EpochMicros = number;

/** What decides whether the OAuth authorizations of an integration stand. */
export interface AuthorizationStanding {
  disabled: boolean;
  /** When its authorizations were last revoked; null: never. */
  revokedAt: EpochMicros | null;
}

export function isAuthorizationCurrent(issuedAt: EpochMicros, integration: AuthorizationStanding): boolean {
  if (integration.disabled) return false;
  return integration.revokedAt === null || issuedAt > integration.revokedAt;
}

/** Disabling revokes; enabling again does not bring revoked authorizations back, and needs no revocation. */
export function disablingRevokes(before: { disabled: boolean }, changes: { disabled?: boolean }): boolean {
  return changes.disabled === true && !before.disabled;
}

