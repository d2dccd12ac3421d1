import type { Knex } from 'knex';

/**
 * Configuration items and service instances written over the API (issue 22): a CI has a
 * status and a support team; a service instance may exist before its service is recorded
 * (only the name is needed to create one).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('configuration_items', (t) => {
    t.string('status', 32).notNullable().defaultTo('in_production');
    t.integer('support_team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.check("status in ('in_stock', 'in_production', 'being_repaired', 'archived')", [], 'configuration_items_status');
  });
  await knex.schema.alterTable('service_instances', (t) => {
    t.integer('service_id').nullable().alter();
  });
  // The links of a service instance, read from its side (`configuration_items` of a service instance).
  await knex.schema.alterTable('ci_service_instances', (t) => {
    t.index(['service_instance_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ci_service_instances', (t) => {
    t.dropIndex(['service_instance_id']);
  });
  await knex('service_instances').whereNull('service_id').delete();
  await knex.schema.alterTable('service_instances', (t) => {
    t.integer('service_id').notNullable().alter();
  });
  await knex.schema.alterTable('configuration_items', (t) => {
    t.dropChecks(['configuration_items_status']);
    t.dropColumn('support_team_id');
    t.dropColumn('status');
  });
}
