import type { Role, TokenGrant } from '@tessera/domain';
import type { Database } from '../database.js';

/** Looks a token up by the digest of its secret; the secret itself is never stored. */
export async function findPersonalAccessTokenByHash(db: Database, tokenHash: string): Promise<TokenGrant | null> {
  const row = await db('personal_access_tokens as t')
    .join('people as p', 'p.id', 't.person_id')
    .where('t.token_hash', tokenHash)
    .first('t.id', 't.scopes', 't.expires_at', 't.revoked_at', 'p.id as person_id', 'p.name', 'p.account_id', 'p.disabled');
  if (!row) return null;
  return {
    kind: 'personal_access_token',
    tokenId: row.id,
    scopes: row.scopes,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    person: { id: row.person_id, name: row.name, accountId: row.account_id, disabled: row.disabled },
  };
}

export interface NewPersonalAccessToken {
  personId: number;
  name: string;
  tokenHash: string;
  scopes: string[];
  expiresAt: Date | null;
}

export async function insertPersonalAccessToken(db: Database, token: NewPersonalAccessToken): Promise<number> {
  const [row] = await db('personal_access_tokens')
    .insert({ person_id: token.personId, name: token.name, token_hash: token.tokenHash, scopes: token.scopes, expires_at: token.expiresAt })
    .returning('id');
  return row.id;
}

/** Records use at most once a minute per token, so hot tokens do not write on every call. */
export async function touchPersonalAccessToken(db: Database, tokenId: number): Promise<void> {
  await db('personal_access_tokens')
    .where({ id: tokenId })
    .andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', db.raw("now() - interval '1 minute'")))
    .update({ last_used_at: db.fn.now() });
}

export async function findRoles(db: Database, personId: number, accountId: string): Promise<Role[]> {
  const rows = await db('person_roles').where({ person_id: personId, account_id: accountId }).select('role');
  return rows.map((row: { role: Role }) => row.role);
}
