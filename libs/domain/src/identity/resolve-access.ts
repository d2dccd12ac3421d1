/**
 * Who is calling, and in which account (SPEC.md "GraphQL API authentication"
 * rules 1-2; REST uses the same headers, REFERENCE.md "REST conventions"):
 * - `Authorization: Bearer <token>` names a live token of an enabled person,
 *   else 401;
 * - `X-Service-Account` names an account the person may act in (their own, or
 *   a support domain of their directory account), else 403.
 * The same check serves personal access tokens now and OAuth tokens later,
 * through the `lookup` port, which reads everything in one query.
 */
import type { ScopeStatement } from '../scopes/scope-statement.js';
import { forbidden, unauthorized } from '../errors/domain-error.js';
import { canActInAccount, type AccountRecord, ACCOUNT_ID_PATTERN } from './account-access.js';
import type { AccessContext, AccessPerson } from './access-context.js';
import { hashToken, isExpired } from './personal-access-token.js';
import type { Role } from './roles.js';

export interface TokenGrant {
  kind: 'personal_access_token' | 'oauth';
  tokenId: number;
  clientId?: string;
  /**
   * OAuth access tokens: the account of the token's application, the only account the
   * token acts in, and its grant's id, by which the revocation of the grant or of the
   * token is announced (access-change.ts `oauth_grant`).
   */
  oauth?: { accountId: string; grantId: string };
  /** Parsed from the token's stored scopes by the lookup (personal access tokens: `tokenScopes`). */
  scopes: readonly ScopeStatement[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  person: AccessPerson & { disabled: boolean };
}

export interface AccessLookup {
  grant: TokenGrant;
  personAccount: AccountRecord;
  /** The account named by the header, when one was asked for and exists. */
  account: AccountRecord | null;
  /** The person's roles in that account. */
  roles: Role[];
}

export interface AccessPort {
  lookup(tokenHash: string, accountId: string | null): Promise<AccessLookup | null>;
  tokenUsed(grant: TokenGrant): Promise<void>;
}

export interface AccessHeaders {
  authorization: string | undefined;
  account: string | undefined;
}

// RFC 7235 §2.1: the scheme is case-insensitive and one or more spaces (1*SP) separate it from the token.
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{16,512})$/i;
/** A token's last use is recorded at most this often, so busy tokens do not write on every call. */
export const TOKEN_USE_INTERVAL_MS = 60_000;

async function lookupGrant(authorization: string | undefined, accountId: string | null, port: AccessPort, now: Date): Promise<AccessLookup> {
  const match = authorization ? BEARER.exec(authorization.trim()) : null;
  if (!match) throw unauthorized('A bearer token is required in the Authorization header');
  const found = await port.lookup(hashToken(match[1]!), accountId);
  const grant = found?.grant;
  if (!found || !grant || grant.revokedAt || isExpired(grant.expiresAt, now) || grant.person.disabled) {
    throw unauthorized('The bearer token is unknown, expired or revoked');
  }
  if (!grant.lastUsedAt || now.getTime() - grant.lastUsedAt.getTime() > TOKEN_USE_INTERVAL_MS) await port.tokenUsed(grant);
  return found;
}

/** Authenticates the bearer token alone (GraphQL introspection by GET needs no account). */
export async function authenticateToken(authorization: string | undefined, port: AccessPort, now = new Date()): Promise<TokenGrant> {
  return (await lookupGrant(authorization, null, port, now)).grant;
}

export async function resolveAccess(headers: AccessHeaders, port: AccessPort, now = new Date()): Promise<AccessContext> {
  const accountId = headers.account?.trim();
  const valid = accountId && ACCOUNT_ID_PATTERN.test(accountId) ? accountId : null;
  const { grant, personAccount, account, roles } = await lookupGrant(headers.authorization, valid, port, now);
  if (!accountId) throw forbidden('The X-Service-Account header is required');
  if (!account || !canActInAccount(personAccount, account)) {
    throw forbidden(`You have no access to account '${accountId.slice(0, 63)}'`);
  }
  // An application's token acts only in the application's account (docs/decisions/013-scope-conditions.md).
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
