import type { Knex } from 'knex';

/** Records a request may point at: workflow templates, templates, workflows, problems, projects, knowledge articles, suppliers. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workflow_templates', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 190).notNullable();
    t.integer('manager_id').notNullable().references('id').inTable('people').onDelete('RESTRICT');
    t.timestamps(true, true);
  });
  await knex.schema.createTable('templates', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 190).notNullable();
    t.string('category', 32).nullable();
    t.string('impact', 16).nullable();
    t.text('note').nullable();
    t.integer('service_instance_id').nullable().references('id').inTable('service_instances').onDelete('SET NULL');
    t.integer('team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    t.integer('member_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.integer('workflow_template_id').nullable().references('id').inTable('workflow_templates').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.schema.createTable('workflows', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 190).notNullable();
    t.string('status', 32).notNullable().defaultTo('being_created');
    t.integer('workflow_template_id').nullable().references('id').inTable('workflow_templates').onDelete('SET NULL');
    t.integer('manager_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.schema.createTable('problems', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 190).notNullable();
    t.string('status', 32).notNullable().defaultTo('progress_halted');
    t.timestamps(true, true);
  });
  await knex.schema.createTable('projects', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 190).notNullable();
    t.timestamps(true, true);
  });
  await knex.schema.createTable('knowledge_articles', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 190).notNullable();
    t.timestamps(true, true);
  });
  await knex.schema.createTable('suppliers', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.timestamps(true, true);
    t.unique(['account_id', 'name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['suppliers', 'knowledge_articles', 'projects', 'problems', 'workflows', 'templates', 'workflow_templates']) {
    await knex.schema.dropTable(table);
  }
}
