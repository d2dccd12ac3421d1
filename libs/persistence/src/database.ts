import knex, { type Knex } from 'knex';
import pg from 'pg';

export type Database = Knex;

// Postgres `bigint` ids and counts fit in a JS number for this service's sizes;
// returning them as numbers keeps the JSON of every API integer-typed.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /** No warnings from Knex itself, for probes whose failure is an expected answer. */
  quiet?: boolean;
}

const silent = { warn: () => undefined, error: () => undefined, deprecate: () => undefined, debug: () => undefined };

export function createDatabase({ url, poolMax = 10, quiet = false }: DatabaseOptions): Database {
  return knex({
    ...(quiet ? { log: silent } : {}),
    client: 'pg',
    connection: url,
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10000,
  });
}

/** Replace the database name of a connection string. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function ping(db: Database): Promise<void> {
  await db.raw('select 1');
}
