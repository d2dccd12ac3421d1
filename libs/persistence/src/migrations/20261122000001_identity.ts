import type { Knex } from 'knex';

/** Accounts (directory accounts and their support domains), organizations, people, roles, tokens. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    t.string('id', 63).primary();
    t.string('name', 190).notNullable();
    t.string('directory_account_id', 63).nullable().references('id').inTable('accounts').onDelete('RESTRICT');
    t.timestamps(true, true);
    t.check("id ~ '^[a-z][a-z0-9-]{1,62}$'", [], 'accounts_id_format');
  });
  await knex.schema.createTable('organizations', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 190).notNullable();
    t.timestamps(true, true);
    t.unique(['account_id', 'name']);
  });
  await knex.schema.createTable('people', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('organization_id').nullable().references('id').inTable('organizations').onDelete('SET NULL');
    t.string('name', 128).notNullable();
    t.string('primary_email', 254).notNullable();
    t.string('locale', 16).notNullable().defaultTo('en-US');
    t.string('password_hash', 255).nullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.index(['account_id']);
  });
  // Primary e-mail identifies a person for sign-in and in event parameters.
  await knex.raw('create unique index people_primary_email_unique on people (lower(primary_email))');
  await knex.schema.createTable('person_roles', (t) => {
    t.integer('person_id').notNullable().references('id').inTable('people').onDelete('CASCADE');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('role', 32).notNullable();
    t.primary(['person_id', 'account_id', 'role']);
    t.check("role in ('administrator', 'agent', 'specialist', 'auditor')", [], 'person_roles_role');
  });
  await knex.schema.createTable('personal_access_tokens', (t) => {
    t.increments('id');
    t.integer('person_id').notNullable().references('id').inTable('people').onDelete('CASCADE');
    t.string('name', 128).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.specificType('scopes', 'text[]').notNullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['person_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('personal_access_tokens');
  await knex.schema.dropTable('person_roles');
  await knex.schema.dropTable('people');
  await knex.schema.dropTable('organizations');
  await knex.schema.dropTable('accounts');
}
