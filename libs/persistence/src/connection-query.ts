/**
 * A statement run straight on the pg connection behind a Knex handle: the
 * transaction's own connection, or one from the pool for that statement.
 * For hot statements whose SQL is known in advance (statement-shapes.ts, the
 * match lock): Knex's raw path parses the text for `?`, renumbers it, and runs
 * its query machinery around every call, which cost the api more per event
 * than the driver itself.
 */
import type pg from 'pg';
import type { Database } from './database.js';

interface ConnectionSource {
  acquireConnection(): Promise<pg.ClientBase>;
  releaseConnection(connection: pg.ClientBase): Promise<unknown>;
}

export async function queryOnConnection<R extends pg.QueryResultRow>(db: Database, query: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  // In a transaction, Knex's client hands out the transaction's connection and its release is a no-op.
  const source = db.client as unknown as ConnectionSource;
  const connection = await source.acquireConnection();
  try {
    return await connection.query<R>(query);
  } finally {
    await source.releaseConnection(connection);
  }
}

/**
 * `query` in a transaction of its own, begun in the same round trip as `setup` (a statement of
 * fixed text, e.g. the transaction's planner settings); on `db`'s transaction when it is one.
 * Knex's transaction machinery cost the worker more per claim (about 250 µs of CPU) than the
 * driver's three round trips.
 */
export async function queryInTransaction<R extends pg.QueryResultRow>(db: Database, setup: string, query: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  const source = db.client as unknown as ConnectionSource;
  const own = !(db as { isTransaction?: boolean }).isTransaction;
  const connection = await source.acquireConnection();
  try {
    await connection.query(own ? `begin; ${setup}` : setup);
    const result = await connection.query<R>(query);
    if (own) await connection.query('commit');
    return result;
  } catch (error) {
    // A connection that failed is not reused by the pool; on a live one the transaction must end here.
    if (own) await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await source.releaseConnection(connection);
  }
}

/** A statement written with Knex's `?` placeholders, numbered for the driver ($1, $2, …), once. */
export function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${(n += 1)}`);
}
