import knex, { type Knex } from 'knex';
import pg from 'pg';

export type Database = Knex;

// Postgres `bigint` ids and counts fit in a JS number for this service's sizes;
// returning them as numbers keeps the JSON of every API integer-typed.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));
// A `date` is a calendar day, not an instant: read as written (`YYYY-MM-DD`), never shifted by a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /** No warnings from Knex itself, for probes whose failure is an expected answer. */
  quiet?: boolean;
}

const silent = { warn: () => undefined, error: () => undefined, deprecate: () => undefined, debug: () => undefined };

/**
 * Knex prints a line to the console for every connection it fails to make or loses. The same
 * failure reaches the caller as the query's error, where an app's outage watch logs it once per
 * outage (issue 20): a line per request during an outage would bury that. Other warnings stay.
 */
const CONNECTION_WARNING = /^(Acquire connection error|Connection Error)/;
const withoutConnectionNoise = {
  warn: (message: unknown) => {
    if (typeof message === 'string' && CONNECTION_WARNING.test(message)) return;
    console.warn(message);
  },
};

// Knex keeps a parsed copy of the connection; code that opens its own pool on the same
// database (the job queue) needs the original string.
// Keyed by the client's config object, which a transaction's client shares with its pool's.
const urlByConfig = new WeakMap<object, string>();

export function connectionUrlOf(db: Database): string {
  const url = urlByConfig.get((db.client as { config: object }).config);
  if (!url) throw new Error('this Knex instance was not made by createDatabase');
  return url;
}

export function createDatabase({ url, poolMax = 10, quiet = false }: DatabaseOptions): Database {
  const db = knex({
    log: quiet ? silent : withoutConnectionNoise,
    client: 'pg',
    connection: url,
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10000,
  });
  urlByConfig.set((db.client as { config: object }).config, url);
  return db;
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
