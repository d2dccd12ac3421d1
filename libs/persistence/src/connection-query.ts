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
