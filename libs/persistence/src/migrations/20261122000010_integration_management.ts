import type { Knex } from 'knex';

/**
 * What managing integrations needs (SPEC.md "Integration scope"; REFERENCE.md
 * "Integration scopes"): an integration can be described and disabled, every
 * OAuth application belongs to one integration, and an integration remembers
 * when its OAuth authorizations were last revoked (a scope change, or disabling
 * the integration or one of its applications; docs/decisions/013-scope-conditions.md).
 *
 * Applications stored before this migration get an integration of their own,
 * named after them (or the account's integration of that name), so that
 * `integration_id` can be required.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('integrations', (t) => {
    t.text('description').nullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamp('authorizations_revoked_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('oauth_applications', (t) => {
    t.integer('integration_id').nullable().references('id').inTable('integrations').onDelete('CASCADE');
  });
  await knex.raw(`
    insert into integrations (account_id, name)
    select distinct account_id, name from oauth_applications
    on conflict (account_id, name) do nothing`);
  await knex.raw(`
    update oauth_applications a set integration_id = i.id
      from integrations i
     where i.account_id = a.account_id and i.name = a.name and a.integration_id is null`);
  await knex.schema.alterTable('oauth_applications', (t) => {
    t.integer('integration_id').notNullable().alter();
    t.index(['integration_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_applications', (t) => {
    t.dropIndex(['integration_id']);
    t.dropForeign(['integration_id']);
    t.dropColumn('integration_id');
  });
  await knex.schema.alterTable('integrations', (t) => {
    t.dropColumn('authorizations_revoked_at');
    t.dropColumn('disabled');
    t.dropColumn('description');
  });
}
