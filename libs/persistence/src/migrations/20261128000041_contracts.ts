import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/039): contracts written over `/v1/contracts` — the customer (required)
 * and supplier organizations of the same account, category, status, start, notice and expiry
 * dates — and the configuration items each covers, a list in the contract's order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contracts', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 128).notNullable();
    t.integer('customer_id').notNullable();
    t.integer('supplier_id').nullable();
    t.string('category', 40).notNullable().defaultTo('lease_contract');
    t.string('status', 32).notNullable().defaultTo('scheduled_for_activation');
    t.date('start_date').nullable();
    t.date('notice_date').nullable();
    t.date('expiry_date').nullable();
    t.timestamps(true, true);
    t.index(['account_id', 'name']);
    t.unique(['id', 'account_id'], { indexName: 'contracts_id_account_id_unique' });
    t.check("category in ('lease_contract', 'maintenance_contract', 'support_contract', 'support_and_maintenance_contract', 'other_type_of_contract')", [], 'contracts_category');
    t.check("status in ('being_prepared', 'scheduled_for_activation', 'active', 'expired')", [], 'contracts_status');
  });
  // The customer and the supplier are of the contract's account, whichever way the row is written;
  // a customer organization is kept while a contract names it.
  await knex.raw(`alter table contracts add constraint contracts_customer_fk foreign key (account_id, customer_id) references organizations (account_id, id)`);
  await knex.raw(`alter table contracts add constraint contracts_supplier_fk foreign key (account_id, supplier_id)
    references organizations (account_id, id) on delete set null (supplier_id)`);
  // A link is of its contract's account (as ci_service_instances, migration 22).
  await knex.schema.createTable('contract_cis', (t) => {
    t.integer('contract_id').notNullable();
    t.integer('ci_id').notNullable().references('id').inTable('configuration_items').onDelete('CASCADE');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.primary(['contract_id', 'ci_id']);
    t.unique(['contract_id', 'position']);
    t.foreign(['contract_id', 'account_id'], 'contract_cis_owner_account_foreign').references(['id', 'account_id']).inTable('contracts').onDelete('CASCADE').onUpdate('CASCADE');
    t.index(['account_id', 'ci_id'], 'contract_cis_account');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contract_cis');
  await knex.schema.dropTable('contracts');
}
