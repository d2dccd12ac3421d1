/**
 * What the "Access and Security" page reads and changes of the signed-in person
 * (SPEC.md "OAuth authorization code grant" step 5; issue 10 item 7): their personal
 * access tokens and the applications they authorized. Every method is the person's
 * own records; a token is named by its digest only, its value is never stored.
 */
export interface PersonalAccessTokenListing {
  id: number;
  name: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export interface NewPersonalAccessToken {
  personId: number;
  name: string;
  tokenHash: string;
  scopes: string[];
  expiresAt: Date | null;
}

export interface PersonalAccessTokenRepository {
  /** The person's tokens not revoked, expired ones included (the page says so), newest first. */
  listOf(personId: number): Promise<PersonalAccessTokenListing[]>;
  /** Owner and revocation of a token; null when there is no such id. */
  findOwner(tokenId: number): Promise<{ personId: number; revokedAt: Date | null } | null>;
  insert(token: NewPersonalAccessToken): Promise<number>;
  /** Whether this call revoked it (false: already revoked or gone). The change is announced to every access cache. */
  revoke(tokenId: number): Promise<boolean>;
}

export interface OAuthAuthorization {
  clientId: string;
  /** The application's name; null once the application is deleted. */
  applicationName: string | null;
  /** The scopes the person granted, space-separated, as in a token response. */
  scope: string;
  grantId: string;
  createdAt: Date;
}

export interface OAuthAuthorizationRepository {
  /** The applications a person authorized: the newest live grant for each, newest first. */
  listOf(personId: number): Promise<OAuthAuthorization[]>;
  /**
   * Deletes the person's grants for the application and every code and token issued
   * under them, in one statement; the deletion is announced to every access cache.
   */
  revoke(personId: number, clientId: string): Promise<void>;
}
