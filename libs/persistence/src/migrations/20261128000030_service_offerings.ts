import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/039): service offerings written over `/v1/service_offerings` — what a
 * service of the same account offers, its status (planned by default) and summary.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => t.unique(['account_id', 'id']));
  await knex.schema.createTable('service_offerings', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.integer('service_id').notNullable();
    t.string('status', 32).notNullable().defaultTo('planned');
    t.text('summary').nullable();
    t.timestamps(true, true);
    t.unique(['account_id', 'id']);
    t.index(['service_id']);
    t.check("status in ('planned', 'unpublished', 'available', 'temporarily_unavailable', 'discontinued')", [], 'service_offerings_status');
  });
  // The service is of the offering's account, whichever way the row is written.
  await knex.raw(`alter table service_offerings add constraint service_offerings_service_fk foreign key (account_id, service_id)
    references services (account_id, id) on delete cascade`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('service_offerings');
  await knex.schema.alterTable('services', (t) => t.dropUnique(['account_id', 'id']));
}
