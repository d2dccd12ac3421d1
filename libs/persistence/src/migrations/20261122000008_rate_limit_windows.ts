import type { Knex } from 'knex';

/**
 * Request-rate window counters of @tessera/rate-limit's Postgres store: one row
 * per window and caller, reused when its window starts again (see
 * rate-limits/window-counter.repository.ts).
 * - unlogged: a counter lives at most one window (an hour) and losing the counts
 *   on a crash only resets the limits, so its writes skip the WAL and a call does
 *   not wait for a WAL flush.
 * - fillfactor 70: an update that only adds to `count` can stay on its page (HOT).
 * - the index on expires_at lets the sweep find expired rows without a full scan.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unlogged table rate_limit_windows (
      key text primary key,
      count integer not null,
      expires_at timestamptz not null
    ) with (fillfactor = 70)`);
  await knex.raw('create index rate_limit_windows_expires_at on rate_limit_windows (expires_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_windows');
}
