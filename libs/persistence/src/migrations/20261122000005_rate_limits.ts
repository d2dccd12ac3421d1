import type { Knex } from 'knex';

/**
 * Counters of the request-rate windows, shared by every replica when Postgres is
 * the rate-limit store. The shape is the one rate-limiter-flexible's Postgres
 * store reads and writes; created here so that apps never run DDL at boot.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)`);
  await knex.raw('create index rate_limits_expire on rate_limits (expire)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
