import type { Knex } from 'knex';

/**
 * A customer account may be covered by one first line support agreement in
 * each support domain, not one in all: the request's own account picks its
 * agreement (SPEC.md default team, last rule).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('first_line_support_agreements', (t) => {
    t.dropUnique(['customer_account_id']);
    t.unique(['account_id', 'customer_account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('first_line_support_agreements', (t) => {
    t.dropUnique(['account_id', 'customer_account_id']);
    t.unique(['customer_account_id']);
  });
}
