import type { Knex } from 'knex';

/**
 * Issue 19 item 6 (decisions 015, amended, and 026): Ed25519 policies, key ids and key rolls.
 *
 * - `jwt_alg` may be `ed25519`.
 * - `key_id`: the current key's id (the JWT's `kid`, the JWKS entry's `kid`). Existing keys get a
 *   random one here; a row written without one (tests and the benchmark insert policies directly)
 *   gets one from the default. Null when the policy has no key (`none`).
 * - `retiring_keys`: the keys rolled out and still in (or past) their overlap window, on the
 *   policy's own row, so the worker reads them with the policy it already joins and every delivery
 *   costs no extra query: `[{key_id, jwt_alg, public_key_pem, sealed_key, retires_at}]`. Entries past
 *   `retires_at` are ignored by every reader and dropped by the policy's next key change.
 */
const RANDOM_KEY_ID = "replace(gen_random_uuid()::text, '-', '')";

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_policies drop constraint webhook_policies_jwt_alg_check');
  await knex.raw(`alter table webhook_policies add constraint webhook_policies_jwt_alg_check
    check (jwt_alg in ('none','hs256','hs384','hs512','rs256','rs384','rs512','es256','es384','es512','ed25519'))`);
  await knex.raw(`alter table webhook_policies add column key_id varchar(64) default ${RANDOM_KEY_ID}`);
  await knex.raw('update webhook_policies set key_id = null where sealed_key is null');
  await knex.raw(`alter table webhook_policies add column retiring_keys jsonb not null default '[]'::jsonb`);
  await knex.raw(`alter table webhook_policies add constraint webhook_policies_retiring_keys_check
    check (jsonb_typeof(retiring_keys) = 'array')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_policies drop constraint webhook_policies_retiring_keys_check');
  await knex.raw('alter table webhook_policies drop column retiring_keys');
  await knex.raw('alter table webhook_policies drop column key_id');
  // An Ed25519 policy cannot be kept by the older schema: it signs nothing rather than something else.
  await knex.raw("update webhook_policies set jwt_alg = 'none', public_key_pem = null, sealed_key = null, disabled = true where jwt_alg = 'ed25519'");
  await knex.raw('alter table webhook_policies drop constraint webhook_policies_jwt_alg_check');
  await knex.raw(`alter table webhook_policies add constraint webhook_policies_jwt_alg_check
    check (jwt_alg in ('none','hs256','hs384','hs512','rs256','rs384','rs512','es256','es384','es512'))`);
}
