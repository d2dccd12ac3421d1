import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/039): organizations written over `/v1/organizations` — a parent of the
 * same account (a tree), disabled, region, financial id, remarks — and their name unique in the
 * account as a person reads it (docs/decisions/038), as other written names are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.integer('parent_id').nullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.string('region', 128).nullable();
    t.string('financial_id', 128).nullable();
    t.text('remarks').nullable();
    t.unique(['account_id', 'id']);
  });
  // A parent is of its child's account, whichever way the row is written.
  await knex.raw(`alter table organizations add constraint organizations_parent_fk foreign key (account_id, parent_id)
    references organizations (account_id, id) on delete set null (parent_id)`);
  await knex.raw('alter table organizations drop constraint organizations_account_id_name_unique');
  await knex.raw('create unique index organizations_account_id_name_as_read_unique on organizations (account_id, name_as_read(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index organizations_account_id_name_as_read_unique');
  await knex.raw('alter table organizations add constraint organizations_account_id_name_unique unique (account_id, name)');
  await knex.raw('alter table organizations drop constraint organizations_parent_fk');
  await knex.schema.alterTable('organizations', (t) => {
    t.dropUnique(['account_id', 'id']);
    t.dropColumns('parent_id', 'disabled', 'region', 'financial_id', 'remarks');
  });
}
