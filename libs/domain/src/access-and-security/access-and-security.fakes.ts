/** In-memory ports of the "Access and Security" use cases, for their unit specs. */
import type { SignInRepository } from '../sign-in/sign-in.repository.js';
import type { NewPersonalAccessToken, OAuthAuthorization, OAuthAuthorizationRepository, PersonalAccessTokenRepository } from './access-and-security.repository.js';

export interface StoredToken extends NewPersonalAccessToken {
  id: number;
  revokedAt: Date | null;
}

export function fakeAccessAndSecurity() {
  const tokens: StoredToken[] = [];
  const grants: Array<OAuthAuthorization & { personId: number }> = [];
  const tokenRepository: PersonalAccessTokenRepository = {
    listOf: async (personId) =>
      tokens.filter((t) => t.personId === personId && !t.revokedAt).map((t) => ({ id: t.id, name: t.name, scopes: t.scopes, createdAt: new Date(0), expiresAt: t.expiresAt, lastUsedAt: null })),
    findOwner: async (id) => {
      const token = tokens.find((t) => t.id === id);
      return token ? { personId: token.personId, revokedAt: token.revokedAt } : null;
    },
    insert: async (token) => tokens.push({ ...token, id: tokens.length + 1, revokedAt: null }),
    revoke: async (id) => {
      const token = tokens.find((t) => t.id === id && !t.revokedAt);
      if (token) token.revokedAt = new Date();
      return token !== undefined;
    },
  };
  const authorizationRepository: OAuthAuthorizationRepository = {
    listOf: async (personId) => grants.filter((g) => g.personId === personId).map(({ personId: _personId, ...grant }) => grant),
    revoke: async (personId, clientId) => {
      for (let i = grants.length - 1; i >= 0; i--) if (grants[i]!.personId === personId && grants[i]!.clientId === clientId) grants.splice(i, 1);
    },
  };
  const people: SignInRepository = {
    findByEmail: async () => null,
    findById: async (id) => (id === 7 ? { id: 7, name: 'Ellen', primaryEmail: 'ellen@widget.example', passwordHash: null } : null),
  };
  return { tokens, grants, tokenRepository, authorizationRepository, people };
}
