/**
 * Runs a hot query as a named prepared statement, so that PostgreSQL plans it
 * once per connection instead of on every call (the request view's fifteen
 * name subqueries cost more to plan than to run). The name is a digest of the
 * SQL text: every shape of a query (another set of changed columns, another
 * number of rows) gets its own statement.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export function prepared<Q extends Knex.QueryBuilder>(query: Q): Q {
  const digest = createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 24);
  return query.options({ name: `tessera_${digest}` }) as Q;
}
