import type { Knex } from 'knex';

/**
 * What the UI Extension Versions API needs beyond the tables of migration 6
 * (SPEC.md "UI extension version"; REFERENCE.md "UI extensions"):
 * - a version keeps the phrases found in its HTML;
 * - translations are stored per extension, phrase and locale, so that
 *   `localized_html` is the HTML in the caller's locale;
 * - a person has a time zone beside the locale, for `formatted_activated_at`
 *   and `formatted_archived_at`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ui_extension_versions', (t) => {
    t.jsonb('phrases').notNullable().defaultTo('[]');
  });
  await knex.schema.createTable('ui_extension_translations', (t) => {
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('ui_extension_id').notNullable().references('id').inTable('ui_extensions').onDelete('CASCADE');
    t.text('phrase').notNullable();
    t.string('locale', 35).notNullable();
    t.text('text').notNullable();
    t.timestamps(true, true);
    t.primary(['ui_extension_id', 'phrase', 'locale']);
  });
  await knex.schema.alterTable('people', (t) => {
    t.string('time_zone', 64).notNullable().defaultTo('UTC');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('people', (t) => t.dropColumn('time_zone'));
  await knex.schema.dropTable('ui_extension_translations');
  await knex.schema.alterTable('ui_extension_versions', (t) => t.dropColumn('phrases'));
}
