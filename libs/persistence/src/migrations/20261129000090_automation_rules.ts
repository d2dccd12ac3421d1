import type { Knex } from 'knex';

/**
 * Issue 33 (docs/decisions/053): automation rules, records of the engine — a trigger, named
 * expressions, a condition and ordered actions, kept as the text written (compiled again when
 * they run), generic for a record type or owned by one record — and the log of their runs.
 * The partial indexes serve the outbox's "is there an enabled rule that could match" test, run
 * with every change of a record rules exist for: an account with none pays one index probe.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('automation_rules', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 128).notNullable();
    t.string('trigger', 128).notNullable();
    t.text('condition').notNullable();
    t.text('expressions').nullable();
    t.text('actions').nullable();
    t.text('description').nullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.integer('position').nullable();
    t.string('generic', 16).nullable();
    t.string('owner_type', 16).nullable();
    t.integer('owner_id').nullable();
    t.text('last_error').nullable();
    t.timestamp('last_error_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.unique(['id', 'account_id'], { indexName: 'automation_rules_id_account_id_unique' });
    t.check('(generic is null) <> (owner_type is null)', [], 'automation_rules_generic_or_owner');
    t.check('(owner_type is null) = (owner_id is null)', [], 'automation_rules_owner_complete');
  });
  await knex.raw('create index automation_rules_generic on automation_rules (account_id, generic) where not disabled and generic is not null');
  await knex.raw('create index automation_rules_owner on automation_rules (account_id, owner_type, owner_id) where not disabled and owner_type is not null');

  await knex.schema.createTable('automation_rule_runs', (t) => {
    t.bigIncrements('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('rule_id').notNullable().references('id').inTable('automation_rules').onDelete('CASCADE');
    t.string('record_type', 16).notNullable();
    t.integer('record_id').notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.boolean('matched').notNullable();
    t.jsonb('actions').notNullable().defaultTo('[]');
    t.text('error').nullable();
    t.integer('depth').notNullable();
    t.index(['rule_id', 'id']);
  });
  // The per-account budget counts the runs of the last minute that acted.
  await knex.raw('create index automation_rule_runs_acted on automation_rule_runs (account_id, at) where matched');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('automation_rule_runs');
  await knex.schema.dropTable('automation_rules');
}
