import { tokenScopes, type AccessLookup, type Role } from '@tessera/domain';
import type { Database } from '../database.js';

/**
 * Everything the access check needs, in one round trip: the token (by the
 * digest of its secret; the secret itself is never stored), its person, the
 * person's account, the account of the call and the person's roles there.
 */
export async function lookupPersonalAccessToken(db: Database, tokenHash: string, accountId: string | null): Promise<AccessLookup | null> {
  const { rows } = await db.raw(
    `select t.id as token_id, t.scopes, t.expires_at, t.revoked_at, t.last_used_at,
            p.id as person_id, p.name, p.account_id, p.primary_email, p.organization_id, p.disabled,
            p.locale, p.created_at, p.updated_at, o.name as organization_name,
            pa.name as person_account_name, pa.directory_account_id as person_account_directory,
            exists (select 1 from accounts sd where sd.directory_account_id = p.account_id) as in_directory,
            ta.id as target_id, ta.name as target_name, ta.directory_account_id as target_directory,
            coalesce((select array_agg(r.role order by r.role) from person_roles r where r.person_id = p.id and r.account_id = ta.id), '{}') as roles
       from personal_access_tokens t
       join people p on p.id = t.person_id
       join accounts pa on pa.id = p.account_id
       left join organizations o on o.id = p.organization_id
       left join accounts ta on ta.id = ?
      where t.token_hash = ?`,
    [accountId, tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    grant: {
      kind: 'personal_access_token',
      tokenId: row.token_id,
      // Parsed here, once: the access cache keeps the statements, not the text.
      scopes: tokenScopes(row.scopes),
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      lastUsedAt: row.last_used_at,
      person: {
        id: row.person_id, name: row.name, accountId: row.account_id, primaryEmail: row.primary_email,
        organizationId: row.organization_id, inDirectoryAccount: row.in_directory, disabled: row.disabled,
        profile: {
          id: row.person_id, name: row.name, primary_email: row.primary_email, locale: row.locale,
          account: { id: row.account_id, name: row.person_account_name },
          organization: row.organization_id ? { id: row.organization_id, name: row.organization_name } : null,
          created_at: row.created_at, updated_at: row.updated_at,
        },
      },
    },
    personAccount: { id: row.account_id, name: row.person_account_name, directoryAccountId: row.person_account_directory },
    account: row.target_id ? { id: row.target_id, name: row.target_name, directoryAccountId: row.target_directory } : null,
    roles: row.roles as Role[],
  };
}

/** Owner and state of a token, for the demo seed's "is the token I know still good?". */
export async function findTokenState(db: Database, tokenHash: string): Promise<{ personId: number; revokedAt: Date | null; expiresAt: Date | null } | null> {
  const row = await db('personal_access_tokens').where({ token_hash: tokenHash }).first('person_id', 'revoked_at', 'expires_at');
  return row ? { personId: row.person_id, revokedAt: row.revoked_at, expiresAt: row.expires_at } : null;
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

export async function touchPersonalAccessToken(db: Database, tokenId: number): Promise<void> {
  await db('personal_access_tokens').where({ id: tokenId }).update({ last_used_at: db.fn.now() });
}

/** Records the use of many tokens in one statement (the batched last-use writes of cached access). */
export async function touchPersonalAccessTokens(db: Database, tokenIds: readonly number[]): Promise<void> {
  if (tokenIds.length === 0) return;
  await db.raw('update personal_access_tokens set last_used_at = now() where id = any(?::int[])', [[...tokenIds]]);
}
