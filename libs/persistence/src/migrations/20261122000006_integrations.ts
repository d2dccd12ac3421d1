import type { Knex } from 'knex';

/**
 * Records the demo seed and the next interfaces lean on: OAuth applications
 * (client secrets stored as digests), integrations and their scopes
 * (SPEC.md "Integration scope"), UI extensions and their versions
 * (SPEC.md "UI extension version").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_applications', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.string('client_id', 64).notNullable().unique();
    t.string('client_secret_hash', 64).notNullable();
    t.specificType('redirect_uris', 'text[]').notNullable();
    t.specificType('scopes', 'text[]').notNullable().defaultTo('{}');
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.schema.createTable('integrations', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.timestamps(true, true);
    t.unique(['account_id', 'name']);
  });
  await knex.schema.createTable('integration_scopes', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('integration_id').notNullable().references('id').inTable('integrations').onDelete('CASCADE');
    t.string('effect', 8).notNullable().defaultTo('allow');
    t.specificType('actions', 'text[]').notNullable();
    t.specificType('conditions', 'text[]').notNullable().defaultTo('{}');
    t.timestamps(true, true);
    t.index(['integration_id']);
    t.check("effect in ('allow', 'deny')", [], 'integration_scopes_effect');
  });
  await knex.schema.createTable('ui_extensions', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.string('title', 190).nullable();
    t.text('description').nullable();
    t.string('category', 32).notNullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.unique(['account_id', 'name']);
  });
  await knex.schema.createTable('ui_extension_versions', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('ui_extension_id').notNullable().references('id').inTable('ui_extensions').onDelete('CASCADE');
    t.integer('version_nr').notNullable();
    t.string('name', 190).notNullable();
    t.string('status', 16).notNullable().defaultTo('being_prepared');
    t.timestamp('activated_at', { useTz: true }).nullable();
    t.timestamp('archived_at', { useTz: true }).nullable();
    t.text('html').nullable();
    t.text('css').nullable();
    t.text('javascript').nullable();
    t.text('form_definition').nullable();
    t.text('compiled_css').nullable();
    t.timestamps(true, true);
    t.unique(['ui_extension_id', 'version_nr']);
    t.check("status in ('being_prepared', 'active', 'archived')", [], 'ui_extension_versions_status');
    t.check('version_nr >= 1', [], 'ui_extension_versions_nr');
  });
  // At most one version being prepared and one active per UI extension.
  await knex.raw(`create unique index ui_extension_versions_one_per_status on ui_extension_versions (ui_extension_id, status) where status <> 'archived'`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['ui_extension_versions', 'ui_extensions', 'integration_scopes', 'integrations', 'oauth_applications']) {
    await knex.schema.dropTable(table);
  }
}
