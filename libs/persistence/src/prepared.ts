/**
 * Runs a hot query as a named prepared statement, so that PostgreSQL plans it
 * once per connection instead of on every call (the request view's fifteen
 * name subqueries cost more to plan than to run). The name is a digest of the
 * SQL text: every shape of a query (another set of changed columns, another
 * number of rows) gets its own statement.
 *
 * Knex compiles the query here, for the digest, and its runner would compile
 * it again: the query keeps this compilation, so the large builders of the
 * request views are compiled once per call (the api's CPU profile of the events
 * intake had Knex's compiler at a fifth of its time). Pass a query complete:
 * nothing added to it afterwards reaches the SQL.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export function prepared<Q extends Knex.QueryBuilder>(query: Q): Q {
  const compiled = query.toSQL();
  const name = `tessera_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 24)}`;
  query.options({ name });
  const withName = Object.assign(compiled, { options: { ...compiled.options, name } });
  // The runner asks the builder for its SQL once, when it runs it.
  Object.defineProperty(query, 'toSQL', { value: () => withName, configurable: true });
  return query;
}
