import type { Knex } from 'knex';

/**
 * Webhooks, webhook policies, attachments and the delivery log (SPEC.md
 * "Webhook", "Webhooks API"; REFERENCE.md "Webhooks").
 *
 * - A webhook's policy belongs to the same account: the foreign key is on
 *   (account_id, webhook_policy_id), so another account's policy cannot be
 *   referenced even by a bug above this layer.
 * - A policy's signing key (an `hs*` secret or an `rs*`/`es*` private key) must
 *   be readable by the worker to sign, so it cannot be hashed like a token: it
 *   is stored sealed (AES-256-GCM under the deployment's key), never in clear.
 * - A delivery is one message to one webhook; its id is the delivery id sent
 *   on every attempt. Each attempt is a row of its own (the operators' log).
 * - Worker processes announce themselves and the queue workers they run, so
 *   that the jobs of a process that died mid-job are unlocked by its peers
 *   instead of waiting for the queue's 4-hour lock expiry.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_policies', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 128).notNullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.string('jwt_alg', 8).notNullable();
    t.string('jwt_audience', 255).nullable();
    t.integer('jwt_claim_expires_in').nullable();
    t.text('public_key_pem').nullable();
    t.text('sealed_key').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'name']);
    t.unique(['account_id', 'id']);
  });
  await knex.raw(`alter table webhook_policies add constraint webhook_policies_jwt_alg_check
    check (jwt_alg in ('none','hs256','hs384','hs512','rs256','rs384','rs512','es256','es384','es512'))`);
  await knex.raw(`alter table webhook_policies add constraint webhook_policies_expires_in_check
    check (jwt_claim_expires_in is null or jwt_claim_expires_in > 0)`);

  await knex.schema.createTable('webhooks', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.string('event', 64).notNullable();
    t.text('uri').notNullable();
    t.text('description').nullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.text('mail_exceptions_to').nullable();
    t.integer('webhook_policy_id').nullable();
    t.string('source', 30).nullable();
    t.string('source_id', 128).nullable();
    t.text('last_error').nullable();
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('last_failure_mail_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'id']);
    t.foreign(['account_id', 'webhook_policy_id']).references(['account_id', 'id']).inTable('webhook_policies').onDelete('RESTRICT');
  });
  // The fan-out's one lookup: the enabled webhooks of an account for an event.
  await knex.raw('create index webhooks_fan_out on webhooks (account_id, event) where not disabled');

  await knex.schema.createTable('attachments', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    // The handle a client gets from the upload and passes in `*_attachments`.
    t.string('key', 64).notNullable().unique();
    t.string('filename', 255).notNullable();
    t.string('content_type', 255).notNullable();
    t.integer('size').notNullable();
    t.binary('data').notNullable();
    t.integer('created_by_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id']);
  });
  await knex.schema.createTable('record_attachments', (t) => {
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('record_type', 64).notNullable();
    t.integer('record_id').notNullable();
    t.string('field', 64).notNullable();
    t.integer('attachment_id').notNullable().references('id').inTable('attachments').onDelete('CASCADE');
    t.boolean('inline').notNullable().defaultTo(false);
    t.primary(['record_type', 'record_id', 'field', 'attachment_id']);
    t.index(['attachment_id']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    // The delivery id of REFERENCE.md: the same on every attempt of one message.
    t.uuid('id').primary();
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('webhook_id').notNullable().references('id').inTable('webhooks').onDelete('CASCADE');
    t.string('event', 64).notNullable();
    t.boolean('test').notNullable().defaultTo(false);
    // The unsigned message (REFERENCE.md "Webhooks" body); signed afresh on each attempt.
    t.jsonb('message').notNullable();
    // pending → delivered | failed (gave up after the last attempt)
    t.string('status', 16).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).nullable();
    // When the change that caused it committed (commit-to-delivery latency).
    t.timestamp('event_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true }).nullable();
    t.index(['webhook_id', 'created_at']);
  });
  await knex.raw(`alter table webhook_deliveries add constraint webhook_deliveries_status_check
    check (status in ('pending','delivered','failed'))`);
  await knex.schema.createTable('webhook_delivery_attempts', (t) => {
    t.bigIncrements('id');
    t.uuid('delivery_id').notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.integer('duration_ms').notNullable();
    t.integer('status_code').nullable();
    t.text('error').nullable();
    t.string('response_excerpt', 1024).nullable();
    t.unique(['delivery_id', 'attempt']);
  });
  await knex.schema.createTable('worker_processes', (t) => {
    t.string('id', 64).primary();
    t.specificType('queue_worker_ids', 'text[]').notNullable().defaultTo('{}');
    t.string('hostname', 255).notNullable();
    t.integer('pid').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('worker_processes');
  await knex.schema.dropTable('webhook_delivery_attempts');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('record_attachments');
  await knex.schema.dropTable('attachments');
  await knex.schema.dropTable('webhooks');
  await knex.schema.dropTable('webhook_policies');
}
