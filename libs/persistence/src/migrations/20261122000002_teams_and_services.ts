import type { Knex } from 'knex';

/** Teams, services and their instances, configuration items, SLAs, first line support agreements. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('teams', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.timestamps(true, true);
    t.unique(['account_id', 'name']);
  });
  await knex.schema.createTable('team_memberships', (t) => {
    t.integer('team_id').notNullable().references('id').inTable('teams').onDelete('CASCADE');
    t.integer('person_id').notNullable().references('id').inTable('people').onDelete('CASCADE');
    t.primary(['team_id', 'person_id']);
    t.index(['person_id']);
  });
  await knex.schema.createTable('services', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.timestamps(true, true);
    t.unique(['account_id', 'name']);
  });
  await knex.schema.createTable('service_instances', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('service_id').notNullable().references('id').inTable('services').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.integer('first_line_team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.integer('support_team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.timestamps(true, true);
    t.unique(['account_id', 'name']);
  });
  await knex.schema.createTable('configuration_items', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('label', 190).nullable();
    t.string('name', 190).notNullable();
    t.string('rule_set', 32).notNullable().defaultTo('hardware');
    t.string('source', 30).nullable();
    t.string('source_id', 128).nullable();
    t.timestamps(true, true);
    t.unique(['account_id', 'label']);
    t.index(['account_id', 'source', 'source_id']);
    t.check("rule_set in ('hardware', 'software', 'license', 'other')", [], 'configuration_items_rule_set');
  });
  // The order of a CI's service instances matters: the first one is the event default.
  await knex.schema.createTable('ci_service_instances', (t) => {
    t.integer('ci_id').notNullable().references('id').inTable('configuration_items').onDelete('CASCADE');
    t.integer('service_instance_id').notNullable().references('id').inTable('service_instances').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.primary(['ci_id', 'service_instance_id']);
    t.unique(['ci_id', 'position']);
  });
  await knex.schema.createTable('slas', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.integer('service_instance_id').notNullable().references('id').inTable('service_instances').onDelete('CASCADE');
    t.string('customer_account_id', 63).nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('response_target_minutes').nullable();
    t.integer('resolution_target_minutes').nullable();
    t.timestamps(true, true);
    t.index(['service_instance_id']);
  });
  await knex.schema.createTable('first_line_support_agreements', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.string('customer_account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('service_desk_team_id').notNullable().references('id').inTable('teams').onDelete('RESTRICT');
    t.timestamps(true, true);
    t.unique(['customer_account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['first_line_support_agreements', 'slas', 'ci_service_instances', 'configuration_items', 'service_instances', 'services', 'team_memberships', 'teams']) {
    await knex.schema.dropTable(table);
  }
}
