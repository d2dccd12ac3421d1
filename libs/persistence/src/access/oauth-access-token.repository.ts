/**
 * OAuth access tokens as the APIs see them (issue 10 item 5): the `AccessToken` row
 * oidc-provider's adapter stored under the SHA-256 of the token (the digest the access
 * check already computes), with the facts that decide the call, in one round trip:
 * the token's grant (still stored: revoking an authorization deletes it), the
 * application (by client_id), its integration and the integration's scopes, and the
 * person (`account_id` = the person's id) with their accounts and roles.
 *
 * Nothing is decided here: expiries, the disabled flags and the revocation time (read
 * to the microsecond) go to `resolveAccess` as they are stored. Only rows oidc-provider
 * has used up (`consumed_at`) or deleted count as absent, as its adapter reads them.
 * An OAuth token's id is its application's, since the token itself has no number;
 * OAuth tokens record no last use.
 */
import { oauthTokenScopes, type AccessLookup, type ScopeFields } from '@tessera/domain';
import type { Database } from '../database.js';
import { epochMicros } from '../epoch-micros.js';
import { accessLookupOf, PERSON_COLUMNS, PERSON_JOINS, type PersonRow } from './access-lookup-row.js';

interface OAuthTokenRow extends PersonRow {
  payload: Record<string, unknown>;
  expires_at: Date | null;
  issued_at_us: number;
  grant_id: string;
  grant_issued_at_us: number;
  grant_expires_at: Date | null;
  application_id: number;
  client_id: string;
  application_account_id: string;
  application_disabled: boolean;
  integration_disabled: boolean;
  revoked_at_us: number | null;
  integration_scopes: ScopeFields[];
}

// Person ids are integers: a string that is not one finds nobody (and never fails the cast).
const PERSON_ID = `case when t.account_id ~ '^[1-9][0-9]{0,8}$' then t.account_id::int end`;

export async function lookupOAuthAccessToken(db: Database, tokenHash: string, accountId: string | null): Promise<AccessLookup | null> {
  const { rows } = await db.raw<{ rows: OAuthTokenRow[] }>(
    `select t.payload, t.expires_at, ${epochMicros('t.created_at')} as issued_at_us,
            t.grant_id, ${epochMicros('g.created_at')} as grant_issued_at_us, g.expires_at as grant_expires_at,
            app.id as application_id, app.client_id, app.account_id as application_account_id, app.disabled as application_disabled,
            i.disabled as integration_disabled, ${epochMicros('i.authorizations_revoked_at')} as revoked_at_us,
            coalesce((select json_agg(json_build_object('effect', s.effect, 'actions', s.actions, 'conditions', s.conditions) order by s.id)
                        from integration_scopes s where s.integration_id = i.id), '[]') as integration_scopes,
            ${PERSON_COLUMNS}
       from oauth_artifacts t
       join oauth_artifacts g on g.model = 'Grant' and g.grant_id = t.grant_id and g.client_id = t.client_id and g.account_id = t.account_id
                             and g.consumed_at is null
       join oauth_applications app on app.client_id = t.client_id
       join integrations i on i.id = app.integration_id
       join people p on p.id = ${PERSON_ID}
       ${PERSON_JOINS}
      where t.model = 'AccessToken' and t.id_hash = ? and t.consumed_at is null`,
    [accountId, tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  const scope = typeof row.payload['scope'] === 'string' ? row.payload['scope'] : undefined;
  return accessLookupOf(row, {
    kind: 'oauth',
    tokenId: row.application_id,
    clientId: row.client_id,
    oauth: {
      accountId: row.application_account_id,
      grantId: row.grant_id,
      payload: row.payload,
      issuedAt: row.issued_at_us,
      grantIssuedAt: row.grant_issued_at_us,
      grantExpiresAt: row.grant_expires_at,
      applicationDisabled: row.application_disabled,
      integration: { disabled: row.integration_disabled, revokedAt: row.revoked_at_us },
    },
    // Parsed and narrowed here, once: the access cache keeps the statements.
    scopes: oauthTokenScopes(row.integration_scopes, scope),
    expiresAt: row.expires_at,
    revokedAt: null,
    lastUsedAt: null,
  });
}
