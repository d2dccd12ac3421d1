/**
 * The hops of an access check (docs/decisions/008-access-cache.md "A token check,
 * hop by hop"): the `Authorization` header → the token's SHA-256 → the access port
 * (the cache of a serving process, else the database lookup) → `resolveAccess`,
 * which decides. The scopes of the resulting context are checked by each edge
 * (`assertAllowed`). A token that may be used has its use recorded, at most once
 * a minute, also when the account is then refused.
 */
import { unauthorized } from '../errors/domain-error.js';
import { ACCOUNT_ID_PATTERN } from './account-access.js';
import type { AccessContext } from './access-context.js';
import type { AccessHeaders, AccessLookup, AccessPort, TokenGrant } from './access-lookup.js';
import { hashToken } from './personal-access-token.js';
import { resolveAccess, resolveToken } from './resolve-access.js';

// RFC 7235 §2.1: the scheme is case-insensitive and one or more spaces (1*SP) separate it from the token.
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{16,512})$/i;
/** A token's last use is recorded at most this often, so busy tokens do not write on every call. */
export const TOKEN_USE_INTERVAL_MS = 60_000;

async function lookupBearer(authorization: string | undefined, accountId: string | null, port: AccessPort): Promise<AccessLookup | null> {
  const match = authorization ? BEARER.exec(authorization.trim()) : null;
  if (!match) throw unauthorized('A bearer token is required in the Authorization header');
  return port.lookup(hashToken(match[1]!), accountId);
}

async function recordUse(grant: TokenGrant, port: AccessPort, now: Date): Promise<void> {
  if (!grant.lastUsedAt || now.getTime() - grant.lastUsedAt.getTime() > TOKEN_USE_INTERVAL_MS) await port.tokenUsed(grant);
}

/** The caller of a REST or GraphQL call, from `Authorization` and `X-Service-Account`; 401/403 otherwise. */
export async function authenticateCall(headers: AccessHeaders, port: AccessPort, now = new Date()): Promise<AccessContext> {
  const accountId = headers.account?.trim();
  const found = await lookupBearer(headers.authorization, accountId && ACCOUNT_ID_PATTERN.test(accountId) ? accountId : null, port);
  await recordUse(resolveToken(found, now), port, now);
  return resolveAccess(found, headers.account, now);
}

/** Authenticates the bearer token alone (GraphQL introspection by GET needs no account). */
export async function authenticateToken(authorization: string | undefined, port: AccessPort, now = new Date()): Promise<TokenGrant> {
  const grant = resolveToken(await lookupBearer(authorization, null, port), now);
  await recordUse(grant, port, now);
  return grant;
}
