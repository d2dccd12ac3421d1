/**
 * A person withdraws an application's access on the "Access and Security" page
 * (SPEC.md "OAuth authorization code grant" step 5: "On revocation, access tokens
 * obtained for that user stop working immediately"; "Token invalidation" rule 1: the
 * user must authorize again). Their grants for the application go, with every code,
 * access and refresh token under them, so the next authorization asks consent again;
 * the access caches of the APIs hear the deletion from PostgreSQL. Another person's
 * authorizations of the same application are untouched.
 */
import type { OAuthAuthorizationRepository } from './access-and-security.repository.js';

export async function revokeApplicationAuthorization(personId: number, clientId: string, authorizations: OAuthAuthorizationRepository): Promise<void> {
  await authorizations.revoke(personId, clientId);
}
