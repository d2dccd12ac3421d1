import { tokenScopes, type AccessLookup, type NewPersonalAccessToken } from '@tessera/domain';
import type { Database } from '../database.js';
import { accessLookupOf, PERSON_COLUMNS, PERSON_JOINS, type PersonRow } from './access-lookup-row.js';

interface TokenRow extends PersonRow {
  token_id: number;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/**
 * Everything the access check needs, in one round trip: the token (by the
 * digest of its secret; the secret itself is never stored), its person, the
 * person's account, the account of the call and the person's roles there.
 */
export async function lookupPersonalAccessToken(db: Database, tokenHash: string, accountId: string | null): Promise<AccessLookup | null> {
  const { rows } = await db.raw<{ rows: TokenRow[] }>(
    `select t.id as token_id, t.scopes, t.expires_at, t.revoked_at, t.last_used_at, ${PERSON_COLUMNS}
       from personal_access_tokens t
       join people p on p.id = t.person_id
       ${PERSON_JOINS}
      where t.token_hash = ?`,
    [accountId, tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  return accessLookupOf(row, {
    kind: 'personal_access_token',
    tokenId: row.token_id,
    // Parsed here, once: the access cache keeps the statements, not the text.
    scopes: tokenScopes(row.scopes),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  });
}

/** Owner and state of a token, for the demo seed's "is the token I know still good?". */
export async function findTokenState(db: Database, tokenHash: string): Promise<{ personId: number; revokedAt: Date | null; expiresAt: Date | null } | null> {
  const row = await db('personal_access_tokens').where({ token_hash: tokenHash }).first('person_id', 'revoked_at', 'expires_at');
  return row ? { personId: row.person_id, revokedAt: row.revoked_at, expiresAt: row.expires_at } : null;
}

export async function insertPersonalAccessToken(db: Database, token: NewPersonalAccessToken): Promise<number> {
  // A token is of its person's account, taken from the person row in the same statement.
  const { rows } = await db.raw<{ rows: Array<{ id: number }> }>(
    `insert into personal_access_tokens (account_id, person_id, name, token_hash, scopes, expires_at)
     select p.account_id, p.id, ?, ?, ?::text[], ? from people p where p.id = ?
     returning id`,
    [token.name, token.tokenHash, token.scopes, token.expiresAt, token.personId],
  );
  const row = rows[0];
  if (!row) throw new Error(`No person ${token.personId} to hold the token`);
  return row.id;
}

export async function touchPersonalAccessToken(db: Database, tokenId: number): Promise<void> {
  await db('personal_access_tokens').where({ id: tokenId }).update({ last_used_at: db.fn.now() });
}

/** Records the use of many tokens in one statement (the batched last-use writes of cached access). */
export async function touchPersonalAccessTokens(db: Database, tokenIds: readonly number[]): Promise<void> {
  if (tokenIds.length === 0) return;
  await db.raw('update personal_access_tokens set last_used_at = now() where id = any(?::int[])', [[...tokenIds]]);
}
