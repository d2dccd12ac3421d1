/**
 * Runs a parsed REST collection query (filters, sort, page) against a base
 * query. `columns` maps each public field name to its SQL column, so callers
 * never put request input into SQL text.
 */
import type { Knex } from 'knex';
import type { CollectionQuery, Filter, Page } from '@tessera/domain';

export async function fetchPage<T>(
  base: Knex.QueryBuilder,
  query: CollectionQuery,
  columns: Readonly<Record<string, string>>,
): Promise<Page<T>> {
  const filtered = base.clone();
  for (const filter of query.filters) applyFilter(filtered, filter, column(columns, filter.field));
  const countRow = await filtered.clone().clearSelect().clearOrder().count({ total: '*' }).first();
  const ordered = filtered.clone();
  for (const term of query.sort) ordered.orderBy(column(columns, term.field), term.direction, term.direction === 'asc' ? 'first' : 'last');
  if (!query.sort.some((term) => term.field === 'id')) ordered.orderBy(column(columns, 'id'), 'asc');
  const rows = (await ordered.limit(query.perPage).offset((query.page - 1) * query.perPage)) as T[];
  return { rows, total: Number(countRow?.['total'] ?? 0) };
}

function column(columns: Readonly<Record<string, string>>, field: string): string {
  const name = columns[field];
  if (!name) throw new Error(`No column for collection field ${field}`);
  return name;
}

function applyFilter(builder: Knex.QueryBuilder, filter: Filter, col: string): void {
  switch (filter.operator) {
    case 'in':
      builder.whereIn(col, filter.values as never[]);
      return;
    case 'not_in':
      builder.where((q) => q.whereNotIn(col, filter.values as never[]).orWhereNull(col));
      return;
    case 'gte':
      builder.where(col, '>=', filter.values[0] as never);
      return;
    case 'lte':
      builder.where(col, '<=', filter.values[0] as never);
      return;
    case 'empty':
      builder.whereNull(col);
      return;
    case 'present':
      builder.whereNotNull(col);
      return;
  }
}
