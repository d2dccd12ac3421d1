import type { Knex } from 'knex';

/**
 * Matching rule 4 (SPEC.md "Event matching": no CI, same subject, requested_for and first
 * public note) had no index of its own: an event without a CI scanned every request its
 * account created in the last 24 hours before deciding it matched none. Open requests
 * without a CI, by account, source, requested_for and subject, newest last.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index requests_open_event_match_without_ci on requests (account_id, source, requested_for_id, subject, created_at)
       where ci_id is null and status <> 'completed'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index requests_open_event_match_without_ci');
}
