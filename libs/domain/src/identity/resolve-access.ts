/**
 * Whether a call gets in, decided from the facts of its token's lookup (SPEC.md
 * "GraphQL API authentication" rules 1-2; REST uses the same headers, REFERENCE.md
 * "REST conventions"). The one place that decides; the lookup and the access cache
 * only bring facts, and this runs on every call, cached or not.
 * - 401 (`tokenRefusal`): the token is unknown, revoked, expired, or its person is
 *   disabled; an OAuth access token also while its application or integration is
 *   disabled, once its integration's authorizations were revoked after it was issued,
 *   or when it is sender-constrained (oauth-access-token.ts);
 * - 403: no `X-Service-Account`, or an account the person may not act in (their own,
 *   or a support domain of their directory account); an OAuth access token acts only
 *   in its application's account (docs/decisions/013-scope-conditions.md).
 * A person's password plays no part: changing it leaves their tokens working
 * (docs/decisions/008-access-cache.md "Password changes").
 */
import { forbidden, unauthorized } from '../errors/domain-error.js';
import { canActInAccount } from './account-access.js';
import type { AccessContext } from './access-context.js';
import type { AccessLookup, TokenGrant } from './access-lookup.js';
import { oauthTokenExpiry, oauthTokenRefusal, type OAuthTokenRefusal } from './oauth-access-token.js';
import { isExpired } from './personal-access-token.js';

export type TokenRefusal = 'unknown' | 'revoked' | 'expired' | 'person_disabled' | OAuthTokenRefusal;

/** Why the token of this lookup may not be used now, or null when it may. */
export function tokenRefusal(found: AccessLookup | null, now: Date): TokenRefusal | null {
  const grant = found?.grant;
  if (!grant) return 'unknown';
  if (grant.revokedAt) return 'revoked';
  const oauthRefusal = grant.oauth ? oauthTokenRefusal(grant.oauth) : null;
  if (oauthRefusal) return oauthRefusal;
  const expiresAt = grant.oauth ? oauthTokenExpiry(grant.expiresAt, grant.oauth) : grant.expiresAt;
  if (isExpired(expiresAt, now)) return 'expired';
  if (grant.person.disabled) return 'person_disabled';
  return null;
}

/** The token's grant when it may be used now; 401 otherwise, the same answer for every reason. */
export function resolveToken(found: AccessLookup | null, now: Date = new Date()): TokenGrant {
  if (tokenRefusal(found, now) !== null) throw unauthorized('The bearer token is unknown, expired or revoked');
  return found!.grant;
}

/**
 * The caller of a call that named `accountHeader` (the raw header), from the lookup made
 * for it: the token's checks first (401), then the account's (403).
 */
export function resolveAccess(found: AccessLookup | null, accountHeader: string | undefined, now: Date = new Date()): AccessContext {
  const grant = resolveToken(found, now);
  const { personAccount, account, roles } = found!;
  const accountId = accountHeader?.trim();
  if (!accountId) throw forbidden('The X-Service-Account header is required');
  if (!account || !canActInAccount(personAccount, account)) {
    throw forbidden(`You have no access to account '${accountId.slice(0, 63)}'`);
  }
  if (grant.oauth && grant.oauth.accountId !== account.id) {
    throw forbidden(`This OAuth token is valid only in the account of its application, not in '${account.id}'`);
  }
  const { disabled: _disabled, ...person } = grant.person;
  return {
    person,
    account,
    roles,
    scopes: grant.scopes,
    token: { kind: grant.kind, id: grant.tokenId, ...(grant.clientId ? { clientId: grant.clientId } : {}) },
  };
}
