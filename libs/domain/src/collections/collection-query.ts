/**
 * A parsed REST collection query (REFERENCE.md "REST conventions"): what the
 * repositories of every collection accept. libs/validation parses it from the
 * query string; the repositories run it.
 */
export interface SortTerm {
  field: string;
  direction: 'asc' | 'desc';
}

export type FilterOperator = 'in' | 'not_in' | 'gte' | 'lte' | 'empty' | 'present';

export interface Filter {
  field: string;
  operator: FilterOperator;
  values: Array<string | number | boolean | Date>;
}

export interface CollectionQuery {
  page: number;
  perPage: number;
  fields: string[];
  sort: SortTerm[];
  filters: Filter[];
}

/** One page of a collection and the total count over every page. */
export interface Page<T> {
  rows: T[];
  total: number;
}
