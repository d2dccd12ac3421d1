import type { Knex } from 'knex';

/**
 * What oidc-provider stores (SPEC.md "OAuth endpoints", "Authorization code
 * and tokens"): sessions, interactions, grants, authorization codes, access
 * and refresh tokens, one table for every model of its adapter interface.
 *
 * - Rows are keyed by the SHA-256 of the artifact's id (the token value, the
 *   code, the cookie's session id), and the payload keeps no copy of it: a
 *   database dump holds no usable credential (ARCHITECTURE.md "Secrets at rest").
 * - `consumed_at` is set by one conditional update, so of simultaneous
 *   redemptions of one code exactly one wins.
 * - `grant_id`, `account_id` (the person) and `client_id` are columns so that
 *   revoking a grant, listing a person's authorizations and refusing a disabled
 *   application are one indexed statement each.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_artifacts', (t) => {
    t.string('model', 48).notNullable();
    t.string('id_hash', 64).notNullable();
    t.jsonb('payload').notNullable();
    t.string('grant_id', 128).nullable();
    t.string('uid_hash', 64).nullable();
    t.string('user_code_hash', 64).nullable();
    t.string('account_id', 128).nullable();
    t.string('client_id', 64).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.timestamp('consumed_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['model', 'id_hash']);
    t.index(['grant_id']);
    t.index(['model', 'uid_hash']);
    t.index(['model', 'account_id']);
    t.index(['client_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_artifacts');
}
