import type { Knex } from 'knex';

/**
 * Every change to a record the access check reads is announced on the
 * `tessera_access` channel, whichever code path makes it (an app, the seed, a
 * person at psql), so that every replica drops what it cached
 * (docs/decisions/008-access-cache.md). NOTIFY is transactional: the message
 * leaves at commit, and a rolled-back change sends none.
 *
 * One statement-level trigger per table and event, with transition tables, so a
 * bulk change is one message. The payload is `{"kind", "ids"}` as read by the
 * domain's `parseAccessChange`; a change too large for a NOTIFY payload becomes
 * `{"kind":"all"}`. Columns that say nothing about access (`last_used_at`,
 * `updated_at`) are ignored, so recording a token's use does not drop it.
 */
export const ACCESS_CHANNEL = 'tessera_access';

interface Watched {
  table: string;
  kind: 'token' | 'person' | 'account' | 'all';
  /** The column whose values name what changed. */
  key: string;
  events: Array<'insert' | 'update' | 'delete'>;
  ignored: string[];
}

const WATCHED: Watched[] = [
  // A new token needs no message: unknown tokens are never cached.
  { table: 'personal_access_tokens', kind: 'token', key: 'id', events: ['update', 'delete'], ignored: ['last_used_at', 'updated_at'] },
  // Every column, updated_at included: GET /me shows the cached person.
  { table: 'people', kind: 'person', key: 'id', events: ['update', 'delete'], ignored: [] },
  // GET /me shows the person's organization name; organizations change rarely.
  { table: 'organizations', kind: 'all', key: 'id', events: ['update', 'delete'], ignored: ['updated_at'] },
  { table: 'person_roles', kind: 'person', key: 'person_id', events: ['insert', 'update', 'delete'], ignored: [] },
  // A new support domain changes who may act where: accounts are rare and drop everything.
  { table: 'accounts', kind: 'all', key: 'id', events: ['insert', 'update', 'delete'], ignored: ['updated_at'] },
  // Records that carry scopes for the OAuth and integration calls still to come.
  { table: 'oauth_applications', kind: 'account', key: 'account_id', events: ['insert', 'update', 'delete'], ignored: ['updated_at'] },
  { table: 'integrations', kind: 'account', key: 'account_id', events: ['insert', 'update', 'delete'], ignored: ['updated_at'] },
  { table: 'integration_scopes', kind: 'account', key: 'account_id', events: ['insert', 'update', 'delete'], ignored: ['updated_at'] },
];

const FUNCTION = `
create function tessera_access_changed() returns trigger language plpgsql as $$
declare
  kind text := tg_argv[0];
  key text := tg_argv[1];
  ignored text[] := tg_argv[2]::text[];
  ids jsonb;
  payload text;
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('${ACCESS_CHANNEL}', '{"kind":"all"}');
    return null;
  elsif tg_op = 'INSERT' then
    select jsonb_agg(distinct to_jsonb(n) -> key) into ids from new_rows n;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(distinct to_jsonb(o) -> key) into ids from old_rows o;
  else
    -- Rows whose relevant columns differ: present on one side of the update only.
    select jsonb_agg(distinct r -> key) into ids from (
      ((select to_jsonb(n) - ignored from new_rows n) except all (select to_jsonb(o) - ignored from old_rows o))
      union all
      ((select to_jsonb(o) - ignored from old_rows o) except all (select to_jsonb(n) - ignored from new_rows n))
    ) changed(r);
  end if;
  if ids is null then
    return null;
  end if;
  payload := case when kind = 'all' then '{"kind":"all"}' else json_build_object('kind', kind, 'ids', ids)::text end;
  -- NOTIFY payloads must stay under 8000 bytes.
  if octet_length(payload) > 7000 then
    payload := '{"kind":"all"}';
  end if;
  perform pg_notify('${ACCESS_CHANNEL}', payload);
  return null;
end $$`;

const triggerName = (table: string, event: string) => `${table}_access_${event}`;

function createTrigger({ table, kind, key, ignored }: Watched, event: Watched['events'][number]): string {
  const transition = { insert: 'referencing new table as new_rows', update: 'referencing new table as new_rows old table as old_rows', delete: 'referencing old table as old_rows' }[event];
  const args = [kind, key, `{${ignored.join(',')}}`].map((arg) => `'${arg}'`).join(', ');
  return `create trigger ${triggerName(table, event)} after ${event} on ${table} ${transition} for each statement execute function tessera_access_changed(${args})`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(FUNCTION);
  for (const watched of WATCHED) {
    for (const event of watched.events) await knex.raw(createTrigger(watched, event));
    await knex.raw(`create trigger ${triggerName(watched.table, 'truncate')} after truncate on ${watched.table} for each statement execute function tessera_access_changed('all', '', '{}')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, events } of WATCHED) {
    for (const event of [...events, 'truncate']) await knex.raw(`drop trigger if exists ${triggerName(table, event)} on ${table}`);
  }
  await knex.raw('drop function if exists tessera_access_changed()');
}
