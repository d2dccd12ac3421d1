import type { Knex } from 'knex';

/**
 * Issue 30 item 16: a delivery's body is the same bytes on every attempt. `message` was jsonb,
 * which keeps a value, not its text: the first attempt (handed over by the fan-out) went out as
 * JSON.stringify wrote it, retries and redeliveries as jsonb prints it (other spacing, keys
 * sorted by length). As `json` the column keeps the text it was given, and every attempt sends it.
 * Existing rows keep jsonb's text of their message from here on.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_deliveries alter column message type json using message::text::json');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_deliveries alter column message type jsonb using message::text::jsonb');
}
