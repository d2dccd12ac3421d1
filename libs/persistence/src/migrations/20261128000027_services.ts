import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/039): services written over `/v1/services` — the organization that
 * provides one (required of a new service; the rows before this have none), its support and first
 * line teams, description, keywords, disabled — and their name unique in the account as a person
 * reads it (docs/decisions/038).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.integer('provider_id').nullable();
    t.integer('support_team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.integer('first_line_team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.text('description').nullable();
    t.string('keywords', 255).nullable();
    t.boolean('disabled').notNullable().defaultTo(false);
  });
  // The provider is of the service's account, whichever way the row is written.
  await knex.raw(`alter table services add constraint services_provider_fk foreign key (account_id, provider_id)
    references organizations (account_id, id) on delete set null (provider_id)`);
  await knex.raw('alter table services drop constraint services_account_id_name_unique');
  await knex.raw('create unique index services_account_id_name_as_read_unique on services (account_id, name_as_read(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index services_account_id_name_as_read_unique');
  await knex.raw('alter table services add constraint services_account_id_name_unique unique (account_id, name)');
  await knex.raw('alter table services drop constraint services_provider_fk');
  await knex.schema.alterTable('services', (t) => {
    t.dropColumns('provider_id', 'support_team_id', 'first_line_team_id', 'description', 'keywords', 'disabled');
  });
}
