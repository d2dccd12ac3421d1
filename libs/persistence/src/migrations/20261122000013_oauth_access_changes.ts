import type { Knex } from 'knex';
import { ACCESS_CHANNEL } from './20261122000009_access_change_notifications.js';

/**
 * OAuth access tokens are refused at once, on every replica, when their rows go
 * (issue 10 items 5 and 6; docs/decisions/008-access-cache.md). Migration
 * 20261122000009 already announces changes of `oauth_applications`, `integrations`
 * and `integration_scopes` (kind `account`); this adds `oauth_artifacts`:
 *
 * - an `AccessToken` or `Grant` row deleted (the revocation endpoint, a replayed code
 *   or reused refresh token revoking the grant, the person withdrawing the
 *   authorization) or changed (consumed, re-saved) is announced as
 *   `{"kind":"oauth_grant","ids":[<grant id>…]}`, which drops every cached token of
 *   those grants;
 * - rows deleted after their expiry (the cleanup) are not announced: every replica
 *   already refuses them by time, and a sweep would otherwise flush every cache;
 * - other models (sessions, interactions, codes, refresh tokens) say nothing about an
 *   access token the APIs accept, and new rows need no message (unknown tokens are
 *   never cached);
 * - a row without a grant id, a truncate or a payload too large for NOTIFY is `all`.
 */
const FUNCTION = `
create function tessera_oauth_access_changed() returns trigger language plpgsql as $$
declare
  ids jsonb;
  payload text;
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('${ACCESS_CHANNEL}', '{"kind":"all"}');
    return null;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(distinct o.grant_id) into ids from old_rows o
     where o.model in ('AccessToken', 'Grant') and (o.expires_at is null or o.expires_at > now());
  else
    select jsonb_agg(distinct changed.grant_id) into ids from (
      select o.grant_id from old_rows o join new_rows n on n.model = o.model and n.id_hash = o.id_hash
       where o.model in ('AccessToken', 'Grant')
         and (n.payload, n.grant_id, n.account_id, n.client_id, n.expires_at, n.consumed_at)
             is distinct from (o.payload, o.grant_id, o.account_id, o.client_id, o.expires_at, o.consumed_at)
      union all
      select n.grant_id from old_rows o join new_rows n on n.model = o.model and n.id_hash = o.id_hash
       where n.model in ('AccessToken', 'Grant') and n.grant_id is distinct from o.grant_id
    ) changed;
  end if;
  if ids is null then
    return null;
  end if;
  payload := case when ids @> '[null]' then '{"kind":"all"}' else json_build_object('kind', 'oauth_grant', 'ids', ids)::text end;
  -- NOTIFY payloads must stay under 8000 bytes.
  if octet_length(payload) > 7000 then
    payload := '{"kind":"all"}';
  end if;
  perform pg_notify('${ACCESS_CHANNEL}', payload);
  return null;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(FUNCTION);
  await knex.raw(`create trigger oauth_artifacts_access_update after update on oauth_artifacts
    referencing new table as new_rows old table as old_rows for each statement execute function tessera_oauth_access_changed()`);
  await knex.raw(`create trigger oauth_artifacts_access_delete after delete on oauth_artifacts
    referencing old table as old_rows for each statement execute function tessera_oauth_access_changed()`);
  await knex.raw(`create trigger oauth_artifacts_access_truncate after truncate on oauth_artifacts
    for each statement execute function tessera_oauth_access_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const event of ['update', 'delete', 'truncate']) await knex.raw(`drop trigger if exists oauth_artifacts_access_${event} on oauth_artifacts`);
  await knex.raw('drop function if exists tessera_oauth_access_changed()');
}
