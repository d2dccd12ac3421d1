/**
 * The SQL every pg client of this process sends while `work` runs, however it
 * reaches the driver (Knex's query builder, its raw path, or a statement run
 * straight on a connection): for tests that count round trips.
 */
import pg from 'pg';

export async function recordStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const { result, queries } = await recordQueries(work);
  return { result, statements: queries.map((query) => query.sql) };
}

/** Each statement every pg client of this process sends while `work` runs, with its values (Knex's or the driver's own). */
export async function recordQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: Array<{ sql: string; bindings: unknown[] }> }> {
  const queries: Array<{ sql: string; bindings: unknown[] }> = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    if (typeof config === 'string') queries.push({ sql: config, bindings: Array.isArray(values) ? values : [] });
    else queries.push({ sql: (config as { text: string }).text, bindings: (config as { values?: unknown[] }).values ?? (Array.isArray(values) ? values : []) });
    return query.apply(this, args);
  };
  try {
    return { result: await work(), queries };
  } finally {
    prototype.query = query;
  }
}
