/**
 * A person's authorizations of applications, read from the Grant rows that
 * oidc-provider stores (one per person and application it asked consent for).
 * Grant rows carry their own id in grant_id, so a grant leads to its tokens.
 */
import type { OAuthAuthorization, OAuthAuthorizationRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { GRANT_BOUND_MODELS } from './oauth-adapter.js';

const LIVE = '(expires_at is null or expires_at > now())';

export interface StoredGrant {
  grantId: string;
  /** The grant as oidc-provider saved it (accountId, clientId, openid.scope, resources...). */
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The newest live grant of a person for an application: a person who consented
 * before, in any browser, gets a code without the consent page.
 */
export async function findGrantFor(db: Database, accountId: string | number, clientId: string): Promise<StoredGrant | undefined> {
  const row = await db('oauth_artifacts')
    .where({ model: 'Grant', account_id: String(accountId), client_id: clientId })
    .whereRaw(LIVE)
    .orderBy('created_at', 'desc')
    .first<{ grant_id: string; payload: Record<string, unknown>; created_at: Date } | undefined>('grant_id', 'payload', 'created_at');
  return row ? { grantId: row.grant_id, payload: row.payload, createdAt: row.created_at } : undefined;
}

/** The applications a person authorized: the newest live grant for each, newest first. */
export async function listAuthorizationsOf(db: Database, personId: string | number): Promise<OAuthAuthorization[]> {
  const rows = await db
    .select('g.client_id', 'g.grant_id', 'g.payload', 'g.created_at', 'a.name')
    .from(
      db('oauth_artifacts')
        .distinctOn('client_id')
        .where({ model: 'Grant', account_id: String(personId) })
        .whereRaw(LIVE)
        .orderBy([{ column: 'client_id' }, { column: 'created_at', order: 'desc' }])
        .select('client_id', 'grant_id', 'payload', 'created_at')
        .as('g'),
    )
    .leftJoin('oauth_applications as a', 'a.client_id', 'g.client_id')
    .orderBy('g.created_at', 'desc');
  return (rows as Array<{ client_id: string; grant_id: string; payload: Record<string, unknown>; created_at: Date; name: string | null }>).map((row) => ({
    clientId: row.client_id,
    applicationName: row.name,
    scope: grantedScope(row.payload),
    grantId: row.grant_id,
    createdAt: row.created_at,
  }));
}

export interface RevokedAuthorization {
  /** Rows deleted: grants, their codes, access and refresh tokens, interactions. */
  deleted: number;
  /** SHA-256 of each deleted access token, for the access cache's invalidation. */
  accessTokenHashes: string[];
}

/**
 * Deletes every artifact of a person's grants for an application, in one
 * statement: the grants themselves (so the next authorization asks consent
 * again) and everything issued under them, also tokens whose grant row is gone.
 */
export async function revokeAuthorization(db: Database, personId: string | number, clientId: string): Promise<RevokedAuthorization> {
  const account = String(personId);
  const { rows } = await db.raw<{ rows: Array<{ model: string; id_hash: string }> }>(
    `delete from oauth_artifacts
      where (account_id = :account and client_id = :clientId and (model = 'Grant' or model = any(:bound)))
         or grant_id in (select grant_id from oauth_artifacts
                          where model = 'Grant' and account_id = :account and client_id = :clientId)
      returning model, id_hash`,
    { account, clientId, bound: [...GRANT_BOUND_MODELS] },
  );
  return { deleted: rows.length, accessTokenHashes: rows.filter((row) => row.model === 'AccessToken').map((row) => row.id_hash) };
}

/** The "Access and Security" page's port on a person's authorizations. */
export function oauthAuthorizationRepository(db: Database): OAuthAuthorizationRepository {
  return {
    listOf: (personId) => listAuthorizationsOf(db, personId),
    revoke: async (personId, clientId) => {
      await revokeAuthorization(db, personId, clientId);
    },
  };
}

/** oidc-provider keeps granted scopes under openid.scope, and per resource server under resources. */
export function grantedScope(payload: Record<string, unknown>): string {
  const scopes = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string') for (const scope of value.split(' ')) if (scope) scopes.add(scope);
  };
  const openid = payload['openid'];
  if (openid && typeof openid === 'object') add((openid as { scope?: unknown }).scope);
  const resources = payload['resources'];
  if (resources && typeof resources === 'object') for (const value of Object.values(resources)) add(value);
  return [...scopes].join(' ');
}
