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
 */
import type { IntegrationRecord } from './integration-record.js';

export function isAuthorizationCurrent(issuedAt: Date, integration: Pick<IntegrationRecord, 'disabled' | 'authorizations_revoked_at'>): boolean {
  if (integration.disabled) return false;
  const revokedAt = integration.authorizations_revoked_at;
  return revokedAt === null || issuedAt.getTime() > revokedAt.getTime();
}

/** Disabling revokes; enabling again does not bring revoked authorizations back, and needs no revocation. */
export function disablingRevokes(before: { disabled: boolean }, changes: { disabled?: boolean }): boolean {
  return changes.disabled === true && !before.disabled;
}
