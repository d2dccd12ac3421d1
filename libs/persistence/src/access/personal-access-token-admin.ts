/**
 * A person's own personal access tokens, for the "Access and Security" page:
 * what they are (never their value, which is not stored), whose they are, and
 * their revocation. A revocation is an update of revoked_at, which the access
 * change trigger announces, so every api replica refuses the token at once.
 */
import type { PersonalAccessTokenListing, PersonalAccessTokenRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { insertPersonalAccessToken } from './personal-access-token.repository.js';

/** The person's tokens not revoked, expired ones included (the page says so), newest first. */
export async function listPersonalAccessTokensOf(db: Database, personId: number): Promise<PersonalAccessTokenListing[]> {
  const rows: Array<{ id: number; name: string; scopes: string[]; created_at: Date; expires_at: Date | null; last_used_at: Date | null }> = await db('personal_access_tokens')
    .where({ person_id: personId })
    .whereNull('revoked_at')
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .select('id', 'name', 'scopes', 'created_at', 'expires_at', 'last_used_at');
  return rows.map((row) => ({ id: row.id, name: row.name, scopes: row.scopes, createdAt: row.created_at, expiresAt: row.expires_at, lastUsedAt: row.last_used_at }));
}

export async function findPersonalAccessTokenOwner(db: Database, tokenId: number): Promise<{ personId: number; revokedAt: Date | null } | null> {
  if (!Number.isSafeInteger(tokenId) || tokenId < 1 || tokenId > 2_147_483_647) return null;
  const row = await db('personal_access_tokens').where({ id: tokenId }).first('person_id', 'revoked_at');
  return row ? { personId: row.person_id, revokedAt: row.revoked_at } : null;
}

/** Whether this call revoked it (false: already revoked or gone). */
export async function revokePersonalAccessToken(db: Database, tokenId: number): Promise<boolean> {
  const count = await db('personal_access_tokens').where({ id: tokenId }).whereNull('revoked_at').update({ revoked_at: db.fn.now(), updated_at: db.fn.now() });
  return count > 0;
}

/** The "Access and Security" page's port on a person's tokens. */
export function personalAccessTokenRepository(db: Database): PersonalAccessTokenRepository {
  return {
    listOf: (personId) => listPersonalAccessTokensOf(db, personId),
    findOwner: (tokenId) => findPersonalAccessTokenOwner(db, tokenId),
    insert: (token) => insertPersonalAccessToken(db, token),
    revoke: (tokenId) => revokePersonalAccessToken(db, tokenId),
  };
}
