import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/039): products written over `/v1/products` — brand, model, category,
 * the manufacturer's product id, the service that includes one, its supplier and financial owner
 * (organizations of the same account), support team, depreciation, disabled, remarks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 128).notNullable();
    t.string('brand', 128).notNullable();
    t.string('model', 128).notNullable();
    t.string('category', 128).notNullable();
    t.string('product_id', 128).nullable();
    t.integer('service_id').nullable().references('id').inTable('services').onDelete('SET NULL');
    t.integer('supplier_id').nullable();
    t.integer('financial_owner_id').nullable();
    t.integer('support_team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.string('depreciation_method', 32).nullable();
    t.integer('useful_life').nullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.text('remarks').nullable();
    t.timestamps(true, true);
    t.index(['account_id', 'name']);
    t.check("depreciation_method in ('not_depreciated', 'double_declining_balance', 'reducing_balance', 'straight_line', 'sum_of_the_years_digits')", [], 'products_depreciation_method');
  });
  // Supplier and financial owner are of the product's account, whichever way the row is written.
  for (const column of ['supplier_id', 'financial_owner_id']) {
    await knex.raw(`alter table products add constraint ?? foreign key (account_id, ??) references organizations (account_id, id) on delete set null (??)`, [`products_${column}_fk`, column, column]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
