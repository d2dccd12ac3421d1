import type { Knex } from 'knex';

/**
 * Decision 053, at most once per job: a rule's run is logged with the queue job it ran in, the acted
 * one inside the rule's own transaction, and no job logs two runs of one rule. A job retried after an
 * unexpected error finds the rules an earlier attempt already ran, and skips them. Runs logged before
 * have no job (null, never equal to another).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('automation_rule_runs', (t) => {
    t.bigInteger('job_id').nullable();
  });
  await knex.raw('create unique index automation_rule_runs_once_per_job on automation_rule_runs (rule_id, job_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index automation_rule_runs_once_per_job');
  await knex.schema.alterTable('automation_rule_runs', (t) => {
    t.dropColumn('job_id');
  });
}
