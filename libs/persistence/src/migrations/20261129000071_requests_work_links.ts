import type { Knex } from 'knex';

/**
 * The requests of a problem, a workflow or a project (`GET /v1/problems/:id/requests`, …) are read by
 * the link: an index on each, within the account, so a sub-collection reads the linked requests and
 * not every request of the account (docs/decisions/051).
 */
const LINKS = ['problem_id', 'workflow_id', 'project_id'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('requests', (t) => {
    for (const link of LINKS) t.index(['account_id', link], `requests_account_${link}`);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('requests', (t) => {
    for (const link of LINKS) t.dropIndex(['account_id', link], `requests_account_${link}`);
  });
}
