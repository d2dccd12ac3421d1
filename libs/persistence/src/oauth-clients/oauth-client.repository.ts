/**
 * What the authorization server needs to know of an OAuth application, read
 * fresh on every request (never cached past a change): its credentials'
 * digest, registered redirect URIs, the disabled flags of the application and
 * its integration, when the integration's authorizations were last revoked (to
 * the microsecond, `AuthorizationStanding`),
 * and the scope actions the integration allows or denies.
 */
import type { AuthorizationStanding } from '@tessera/domain';
import type { Database } from '../database.js';
import { epochMicros } from '../epoch-micros.js';

export interface OAuthClientView {
  clientId: string;
  name: string;
  /** SHA-256 hex of the client secret, as stored. */
  clientSecretHash: string;
  redirectUris: string[];
  accountId: string;
  applicationDisabled: boolean;
  integration: AuthorizationStanding & {
    id: number;
    name: string;
    /** Distinct actions of the integration's allow scopes, sorted. */
    allowedActions: string[];
    /** Distinct actions of its deny scopes, sorted: shown on the consent page, never granted. */
    deniedActions: string[];
  };
}

export async function findOAuthClient(db: Database, clientId: string): Promise<OAuthClientView | null> {
  // PostgreSQL refuses a NUL in text (22021), and no client id holds one: such an id is unknown, not a 500.
  if (clientId.includes('\u0000')) return null;
  const row = await db('oauth_applications as a')
    .join('integrations as i', 'i.id', 'a.integration_id')
    .where('a.client_id', clientId)
    .first(
      'a.client_id', 'a.name', 'a.client_secret_hash', 'a.redirect_uris', 'a.account_id', 'a.disabled',
      'i.id as integration_id', 'i.name as integration_name', 'i.disabled as integration_disabled',
      db.raw(`${epochMicros('i.authorizations_revoked_at')} as revoked_at_us`),
      db.raw(`coalesce((select array_agg(distinct action order by action) from integration_scopes s, unnest(s.actions) action
                         where s.integration_id = i.id and s.effect = 'allow'), '{}') as allowed_actions`),
      db.raw(`coalesce((select array_agg(distinct action order by action) from integration_scopes s, unnest(s.actions) action
                         where s.integration_id = i.id and s.effect = 'deny'), '{}') as denied_actions`),
    );
  if (!row) return null;
  return {
    clientId: row.client_id,
    name: row.name,
    clientSecretHash: row.client_secret_hash,
    redirectUris: row.redirect_uris,
    accountId: row.account_id,
    applicationDisabled: row.disabled,
    integration: {
      id: row.integration_id,
      name: row.integration_name,
      disabled: row.integration_disabled,
      revokedAt: row.revoked_at_us,
      allowedActions: row.allowed_actions,
      deniedActions: row.denied_actions,
    },
  };
}
