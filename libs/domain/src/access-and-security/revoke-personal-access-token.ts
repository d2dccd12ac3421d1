/**
 * A person revokes one of their own personal access tokens. Someone else's token, or
 * an id that names none, is `not_found`, so the page never tells whether another
 * person's id exists (`personalAccessTokenRevocation`); revoking twice is no error.
 * Every api and GraphQL replica refuses the token at once (the change is announced).
 */
import { personalAccessTokenRevocation } from '../identity/personal-access-token-form.js';
import type { PersonalAccessTokenRepository } from './access-and-security.repository.js';

export type PersonalAccessTokenRevoked = 'revoked' | 'already_revoked' | 'not_found';

export async function revokePersonalAccessToken(personId: number, tokenId: number, tokens: PersonalAccessTokenRepository): Promise<PersonalAccessTokenRevoked> {
  const decision = personalAccessTokenRevocation(personId, await tokens.findOwner(tokenId));
  if (decision !== 'revoke') return decision;
  return (await tokens.revoke(tokenId)) ? 'revoked' : 'already_revoked';
}
