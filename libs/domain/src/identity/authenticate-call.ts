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
const BEARER = /^Bearer(?: +(.*))?$/i;
const TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/;
/** A token's last use is recorded at most this often, so busy tokens do not write on every call. */
export const TOKEN_USE_INTERVAL_MS = 60_000;

async function lookupBearer(authorization: string | undefined, accountId: string | null, port: AccessPort): Promise<AccessLookup | null> {
  return port.lookup(hashToken(bearerToken(authorization)), accountId);
}

/**
 * The token of the header, or why there is none. A header that is there but cannot hold a token
 * (truncated when copied, a stray character) is told apart from no token at all, so the caller
 * looks at the token rather than at how the header is sent.
 */
function bearerToken(authorization: string | undefined): string {
  const header = authorization?.trim() ?? '';
  const bearer = BEARER.exec(header);
  if (header === '' || (bearer && !bearer[1])) throw unauthorized('A bearer token is required in the Authorization header');
  if (!bearer) throw unauthorized('The Authorization header is not a bearer token: send Authorization: Bearer <token>');
  if (!TOKEN.test(bearer[1]!)) throw unauthorized('The bearer token is not valid: it is malformed or truncated');
  return bearer[1]!;
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
