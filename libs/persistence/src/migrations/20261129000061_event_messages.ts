import type { Knex } from 'knex';

/**
 * Issue 34 item 1 (decision 047): a delivery's message stored once per event, not once per
 * delivery. An event's payload (most of a message) is one `webhook_event_messages` row shared by
 * the deliveries of that event; each delivery keeps its own part of the message (`message_head`:
 * webhook, names, person, object; a few hundred bytes) and the message sent is the head without
 * its closing brace, `,"payload":`, the payload's text and `}` — the text the fan-out has always
 * written, so every attempt still sends the same bytes.
 *
 * A delivery written before keeps its whole `message` (its text, which the split could not
 * reproduce byte for byte: jsonb's key order put `payload` anywhere); `message` is null on a
 * delivery written since.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table webhook_event_messages (
    id uuid primary key,
    account_id varchar(63) not null references accounts (id) on delete cascade,
    payload json not null,
    created_at timestamptz not null default now()
  )`);
  await knex.raw('alter table webhook_deliveries alter column message drop not null');
  await knex.raw('alter table webhook_deliveries add column message_head json');
  // No foreign key: its check would read and lock the event's row once per delivery inserted (a
  // fan-out batch inserts 2,048); the fan-out writes both in one statement, and both go with
  // their account.
  await knex.raw('alter table webhook_deliveries add column event_message_id uuid');
  await knex.raw(`alter table webhook_deliveries add constraint webhook_deliveries_message_check
    check (message is not null or (message_head is not null and event_message_id is not null))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update webhook_deliveries d
    set message = (left(d.message_head::text, -1) || ',"payload":' || e.payload::text || '}')::json
    from webhook_event_messages e where e.id = d.event_message_id and d.message is null`);
  await knex.raw('alter table webhook_deliveries drop constraint webhook_deliveries_message_check');
  await knex.raw('alter table webhook_deliveries drop column event_message_id');
  await knex.raw('alter table webhook_deliveries drop column message_head');
  await knex.raw('alter table webhook_deliveries alter column message set not null');
  await knex.raw('drop table webhook_event_messages');
}
