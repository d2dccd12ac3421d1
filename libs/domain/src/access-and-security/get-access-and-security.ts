/**
 * The "Access and Security" page of a signed-in person: who they are, the applications
 * they authorized and their personal access tokens. Null when the person can no longer
 * sign in (disabled or deleted since the session began).
 */
import type { SignInRepository } from '../sign-in/sign-in.repository.js';
import type { OAuthAuthorization, OAuthAuthorizationRepository, PersonalAccessTokenListing, PersonalAccessTokenRepository } from './access-and-security.repository.js';

export interface AccessAndSecurity {
  person: { name: string; email: string };
  applications: OAuthAuthorization[];
  tokens: PersonalAccessTokenListing[];
}

export interface AccessAndSecurityReads {
  people: SignInRepository;
  tokens: PersonalAccessTokenRepository;
  authorizations: OAuthAuthorizationRepository;
}

export async function getAccessAndSecurity(personId: number, { people, tokens, authorizations }: AccessAndSecurityReads): Promise<AccessAndSecurity | null> {
  const person = await people.findById(personId);
  if (!person) return null;
  const [applications, listed] = await Promise.all([authorizations.listOf(personId), tokens.listOf(personId)]);
  return { person: { name: person.name, email: person.primaryEmail }, applications, tokens: listed };
}
