import type { Knex } from 'knex';

/**
 * Issue 34 (decision 061): the fan-out's rows lose their per-row foreign keys. Each checked its
 * parent once per row inserted — a delivery its account and its webhook, a queue row its webhook,
 * an event message its account: 6,400 trigger calls for a batch of 2,048 deliveries of 256 events,
 * 26 of the statement's 68 ms. The fan-out now locks its webhooks itself, once per webhook per batch
 * (`for key share`, what each key check took per row), and inserts nothing for a webhook gone; a
 * webhook's account cannot go while its webhook row is locked (the webhooks' own key cascades).
 *
 * What the cascades deleted, statement-level triggers now delete, once per statement of deletions:
 * - a webhook's queue rows, deliveries and their attempts, with the webhook (also when its account's
 *   deletion cascades to it);
 * - an account's event messages, with the account (its attempts already go so, migration 150).
 */
const KEYS = [
  ['webhook_deliveries', 'webhook_deliveries_account_id_foreign', 'account_id', 'accounts'],
  ['webhook_deliveries', 'webhook_deliveries_webhook_id_foreign', 'webhook_id', 'webhooks'],
  ['webhook_delivery_queue', 'webhook_delivery_queue_webhook_id_fkey', 'webhook_id', 'webhooks'],
  ['webhook_event_messages', 'webhook_event_messages_account_id_fkey', 'account_id', 'accounts'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const [table, name] of KEYS) await knex.raw(`alter table ${table} drop constraint ${name}`);
  await knex.raw(`create function webhook_deliveries_of_deleted_webhooks() returns trigger language plpgsql as $$
    begin
      delete from webhook_delivery_queue q using deleted_webhooks w where q.webhook_id = w.id;
      with gone as (delete from webhook_deliveries d using deleted_webhooks w where d.webhook_id = w.id returning d.id, d.id_time)
      delete from webhook_delivery_attempts a using gone where a.delivery_id = gone.id and a.delivery_id_time = gone.id_time;
      return null;
    end $$`);
  await knex.raw(`create trigger webhook_deliveries_of_deleted_webhooks after delete on webhooks
    referencing old table as deleted_webhooks for each statement execute function webhook_deliveries_of_deleted_webhooks()`);
  await knex.raw(`create function webhook_event_messages_of_deleted_accounts() returns trigger language plpgsql as $$
    begin
      delete from webhook_event_messages m using deleted_accounts d where m.account_id = d.id;
      return null;
    end $$`);
  await knex.raw(`create trigger webhook_event_messages_of_deleted_accounts after delete on accounts
    referencing old table as deleted_accounts for each statement execute function webhook_event_messages_of_deleted_accounts()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger webhook_event_messages_of_deleted_accounts on accounts');
  await knex.raw('drop function webhook_event_messages_of_deleted_accounts()');
  await knex.raw('drop trigger webhook_deliveries_of_deleted_webhooks on webhooks');
  await knex.raw('drop function webhook_deliveries_of_deleted_webhooks()');
  for (const [table, name, column, parent] of KEYS) {
    await knex.raw(`alter table ${table} add constraint ${name} foreign key (${column}) references ${parent} (id) on delete cascade`);
  }
}
