import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/043): broadcasts written over `/v1/broadcasts` — the message (64 KB) and
 * its type, start (now by default) and end (never before the start; none: until disabled),
 * visibility, disabled, the request group end users may subscribe to — and the teams and
 * organizations whose people see one, each a list in the broadcast's order, each link of its
 * broadcast's account. `broadcasts_current` serves the collection of those shown now.
 */
const VISIBILITIES = [
  'all_of_account', 'account_specialists', 'covered_for_any', 'covered_for', 'customers', 'members_of_skill_pools',
  'members_of_teams', 'organizations_and_descendants', 'organizations', 'sites',
];
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('broadcasts', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('message').notNullable();
    t.string('message_type', 16).notNullable();
    t.timestamp('start_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('end_at', { useTz: true }).nullable();
    t.string('visibility', 32).notNullable().defaultTo('all_of_account');
    t.boolean('disabled').notNullable().defaultTo(false);
    t.string('time_zone', 64).nullable();
    t.integer('request_id').nullable().references('id').inTable('requests').onDelete('SET NULL');
    t.timestamps(true, true);
    t.unique(['id', 'account_id'], { indexName: 'broadcasts_id_account_id_unique' });
    t.check(`message_type in (${quoted(['outage', 'available', 'warning', 'info'])})`, [], 'broadcasts_message_type');
    t.check(`visibility in (${quoted(VISIBILITIES)})`, [], 'broadcasts_visibility');
    t.check('end_at is null or end_at >= start_at', [], 'broadcasts_end_after_start');
  });
  await knex.raw('create index broadcasts_current on broadcasts (account_id, start_at) where not disabled');
  for (const [table, other, parent, key] of [
    ['broadcast_teams', 'team_id', 'teams', '(team_id, account_id) references teams (id, account_id)'],
    ['broadcast_organizations', 'organization_id', 'organizations', '(account_id, organization_id) references organizations (account_id, id)'],
  ] as const) {
    await knex.schema.createTable(table, (t) => {
      t.integer('broadcast_id').notNullable();
      t.integer(other).notNullable().references('id').inTable(parent).onDelete('CASCADE');
      t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
      t.integer('position').notNullable();
      t.primary(['broadcast_id', other]);
      t.unique(['broadcast_id', 'position']);
      t.foreign(['broadcast_id', 'account_id'], `${table}_owner_account_foreign`).references(['id', 'account_id']).inTable('broadcasts').onDelete('CASCADE').onUpdate('CASCADE');
      t.index(['account_id', other], `${table}_account`);
    });
    // The team or organization is of the broadcast's account, whichever way the row is written.
    await knex.raw(`alter table ${table} add constraint ${table}_other_account_foreign foreign key ${key} on delete cascade`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('broadcast_organizations');
  await knex.schema.dropTable('broadcast_teams');
  await knex.schema.dropTable('broadcasts');
}
