/**
 * Who is calling, and in which account (SPEC.md "GraphQL API authentication"
 * rules 1-2; REST uses the same headers, REFERENCE.md "REST conventions"):
 * - `Authorization: Bearer <token>` names a live token of an enabled person,
 *   else 401;
 * - `X-Service-Account` names an account the person may act in (their own, or
 *   a support domain of their directory account), else 403.
 * The same check serves personal access tokens now and OAuth tokens later,
 * through the `findTokenByHash` port.
 */
import { forbidden, unauthorized } from '../errors/domain-error.js';
import { canActInAccount, type AccountRecord, ACCOUNT_ID_PATTERN } from './account-access.js';
import type { AccessContext } from './access-context.js';
import { hashToken, isExpired } from './personal-access-token.js';
import type { Role } from './roles.js';

export interface TokenGrant {
  kind: 'personal_access_token' | 'oauth';
  tokenId: number;
  clientId?: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  person: { id: number; name: string; accountId: string; disabled: boolean };
}

export interface AccessPort {
  findTokenByHash(tokenHash: string): Promise<TokenGrant | null>;
  findAccount(accountId: string): Promise<AccountRecord | null>;
  findRoles(personId: number, accountId: string): Promise<Role[]>;
  tokenUsed(grant: TokenGrant): Promise<void>;
}

export interface AccessHeaders {
  authorization: string | undefined;
  account: string | undefined;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{16,512})$/;

/** Authenticates the bearer token alone (GraphQL introspection by GET needs no account). */
export async function authenticateToken(authorization: string | undefined, port: AccessPort, now = new Date()): Promise<TokenGrant> {
  const match = authorization ? BEARER.exec(authorization.trim()) : null;
  if (!match) throw unauthorized('A bearer token is required in the Authorization header');
  const grant = await port.findTokenByHash(hashToken(match[1]!));
  if (!grant || grant.revokedAt || isExpired(grant.expiresAt, now) || grant.person.disabled) {
    throw unauthorized('The bearer token is unknown, expired or revoked');
  }
  return grant;
}

export async function resolveAccess(headers: AccessHeaders, port: AccessPort, now = new Date()): Promise<AccessContext> {
  const grant = await authenticateToken(headers.authorization, port, now);
  const accountId = headers.account?.trim();
  if (!accountId) throw forbidden('The X-Service-Account header is required');
  const [account, personAccount] = await Promise.all([
    ACCOUNT_ID_PATTERN.test(accountId) ? port.findAccount(accountId) : null,
    port.findAccount(grant.person.accountId),
  ]);
  if (!account || !personAccount || !canActInAccount(personAccount, account)) {
    throw forbidden(`You have no access to account '${accountId.slice(0, 63)}'`);
  }
  const roles = await port.findRoles(grant.person.id, account.id);
  await port.tokenUsed(grant);
  return {
    person: { id: grant.person.id, name: grant.person.name, accountId: grant.person.accountId },
    account,
    roles,
    scopes: grant.scopes,
    token: { kind: grant.kind, id: grant.tokenId, ...(grant.clientId ? { clientId: grant.clientId } : {}) },
  };
}
