import type { Knex } from 'knex';

/**
 * Issue 34 (decision 060, step 1): an outcome's attempt number carried, not searched.
 *
 * - `webhook_delivery_queue.logged_attempts`: how many attempts of the delivery the log holds.
 *   The fan-out writes 0 (the default), a redelivery the log's count (read once, when it queues
 *   the delivery again), and each outcome written against the queue row adds one; the attempt it
 *   appends is that count + 1. Before, every attempt inserted looked for its delivery's highest
 *   number (`max(attempt) + 1`, one probe of the attempts' key per row of the outcome batch).
 *   Every pending delivery's row gets its log's count here.
 * - The attempts lose their foreign key to `accounts`: its check ran once per attempt row inserted
 *   (64 trigger calls per outcome batch, 6 % of it). An account's attempts still go with it: one
 *   statement-level trigger on `accounts` deletes them after the accounts (and, by their own
 *   cascades, the account's webhooks, deliveries and queue rows) are gone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_delivery_queue add column logged_attempts integer not null default 0');
  await knex.raw(`update webhook_delivery_queue q set logged_attempts = a.n
    from (select delivery_id, max(attempt) as n from webhook_delivery_attempts group by delivery_id) a
   where a.delivery_id = q.delivery_id`);
  await knex.raw('alter table webhook_delivery_attempts drop constraint webhook_delivery_attempts_account_id_foreign');
  await knex.raw(`create function webhook_delivery_attempts_of_deleted_accounts() returns trigger language plpgsql as $$
    begin
      delete from webhook_delivery_attempts a using deleted_accounts d where a.account_id = d.id;
      return null;
    end $$`);
  await knex.raw(`create trigger webhook_delivery_attempts_of_deleted_accounts after delete on accounts
    referencing old table as deleted_accounts for each statement execute function webhook_delivery_attempts_of_deleted_accounts()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger webhook_delivery_attempts_of_deleted_accounts on accounts');
  await knex.raw('drop function webhook_delivery_attempts_of_deleted_accounts()');
  await knex.raw(`alter table webhook_delivery_attempts add constraint webhook_delivery_attempts_account_id_foreign
    foreign key (account_id) references accounts (id) on delete cascade`);
  await knex.raw('alter table webhook_delivery_queue drop column logged_attempts');
}
