/**
 * The port of the access check: what one lookup of a bearer token reads (by the
 * token's digest, in one round trip) and how a use of the token is recorded.
 * A lookup reports facts only: the token as stored, its person, the accounts and
 * roles. Whether they let the call in is `resolveAccess`'s decision, on every
 * call, also when the lookup comes from the access cache.
 */
import type { ScopeStatement } from '../scopes/scope-statement.js';
import type { AccountRecord } from './account-access.js';
import type { AccessPerson } from './access-context.js';
import type { OAuthTokenFacts } from './oauth-access-token.js';
import type { Role } from './roles.js';

export interface TokenGrant {
  kind: 'personal_access_token' | 'oauth';
  tokenId: number;
  clientId?: string;
  /**
   * OAuth access tokens: the account of the token's application (the only account the
   * token acts in), its grant's id (by which the revocation of the grant or of the token
   * is announced, access-change.ts `oauth_grant`), and the facts of its rows.
   */
  oauth?: OAuthTokenFacts;
  /** Parsed from the token's stored scopes by the lookup (personal access tokens: `tokenScopes`). */
  scopes: readonly ScopeStatement[];
  /** The token row's own expiry (an OAuth token may end earlier: `oauthTokenExpiry`). */
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
