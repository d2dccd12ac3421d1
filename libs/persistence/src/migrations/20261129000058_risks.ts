import type { Knex } from 'knex';

/**
 * Issue 32 (docs/decisions/046): risks written over `/v1/risks` — subject, severity, status
 * (anticipated by default) with the moment it was closed and why, manager, mitigation target day —
 * and the organizations and services each concerns, lists in the risk's order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('risks', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('subject', 128).notNullable();
    t.string('severity', 16).nullable();
    t.string('status', 16).notNullable().defaultTo('anticipated');
    t.integer('manager_id').nullable().references('id').inTable('people').onDelete('SET NULL');
    t.string('closure_reason', 16).nullable();
    t.date('mitigation_target_at').nullable();
    t.timestamp('closed_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['account_id', 'status']);
    t.unique(['id', 'account_id'], { indexName: 'risks_id_account_id_unique' });
    t.check("status in ('anticipated', 'materialized', 'closed')", [], 'risks_status');
    t.check("severity in ('low', 'medium', 'high', 'top')", [], 'risks_severity');
    t.check("closure_reason in ('eliminated', 'accepted', 'mitigated', 'transferred', 'no_risk')", [], 'risks_closure_reason');
    t.check("status <> 'closed' or closure_reason is not null", [], 'risks_closed_with_reason');
  });
  // A link is of its risk's account (as contract_cis, migration 41).
  for (const [table, other, target] of [['risk_organizations', 'organization_id', 'organizations'], ['risk_services', 'service_id', 'services']] as const) {
    await knex.schema.createTable(table, (t) => {
      t.integer('risk_id').notNullable();
      t.integer(other).notNullable().references('id').inTable(target).onDelete('CASCADE');
      t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
      t.integer('position').notNullable();
      t.primary(['risk_id', other]);
      t.unique(['risk_id', 'position']);
      t.foreign(['risk_id', 'account_id'], `${table}_owner_account_foreign`).references(['id', 'account_id']).inTable('risks').onDelete('CASCADE').onUpdate('CASCADE');
      t.index(['account_id', other], `${table}_account`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('risk_services');
  await knex.schema.dropTable('risk_organizations');
  await knex.schema.dropTable('risks');
}
