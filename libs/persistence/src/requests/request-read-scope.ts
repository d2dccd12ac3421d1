/**
 * Who may see a request (domain requests/request-read-scope.ts,
 * docs/decisions/007-request-visibility.md) said in SQL, once: the REST views
 * (request-views.ts), the GraphQL node pages (connections/node-tables.ts) and
 * the open requests an event may match (request.repository.ts) all limit
 * their queries here. The domain's canReadRequest says the same of one
 * request already read; request-read-scope.spec.ts holds the two together.
 */
import type { RequestReadScope } from '@tessera/domain';
import type { Knex } from 'knex';

/** Limits a query of requests (read as `alias`) to those the scope may read. */
export function whereRequestReadable(query: Knex.QueryBuilder, scope: Pick<RequestReadScope, 'accountId' | 'personId'>, alias = 'r'): Knex.QueryBuilder {
  query.where(`${alias}.account_id`, scope.accountId);
  const person = scope.personId;
  // Without a role in the account: only what they requested or what is requested for them.
  if (person !== null) query.where((q) => q.where(`${alias}.requested_by_id`, person).orWhere(`${alias}.requested_for_id`, person));
  return query;
}

/**
 * Limits a query of notes (read as `alias`) to the scope's account and, without
 * a role there, to public notes. Whether their request may be read is the
 * caller's check, or a join limited by whereRequestReadable.
 */
export function whereNoteReadable(query: Knex.QueryBuilder, scope: Pick<RequestReadScope, 'accountId' | 'internalNotes'>, alias = 'n'): Knex.QueryBuilder {
  query.where(`${alias}.account_id`, scope.accountId);
  if (!scope.internalNotes) query.where(`${alias}.internal`, false);
  return query;
}
