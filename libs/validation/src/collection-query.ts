/**
 * REST collection conventions (REFERENCE.md "REST conventions"), parsed once for
 * every collection: `per_page` (default 20, max 100) and `page`; `fields`
 * (`id` always included); `sort` (`-status,id`, 400 on a field not allowed);
 * filters `?field=value`, `field!=value` or `field=!value`, `field=>value`,
 * `field=<value`, `id=1,2,3`, and an empty value for "is empty".
 */
import { badParameter, type CollectionQuery, type Filter, type SortTerm } from '@tessera/domain';
import { parseFilterValue, type FilterType } from './filter-value.js';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** The page size when `per_page` is absent, and the largest one allowed. An app configures its own. */
export interface PageSizeLimits {
  default: number;
  max: number;
}

export interface CollectionSpec {
  /** Every field a caller may select with `fields`. */
  fields: readonly string[];
  /** Fields returned when `fields` is absent. */
  defaultFields: readonly string[];
  sortable: readonly string[];
  defaultSort?: readonly SortTerm[];
  filters: Readonly<Record<string, FilterType>>;
}

export type { CollectionQuery, Filter, FilterOperator, SortTerm } from '@tessera/domain';

const RESERVED = new Set(['page', 'per_page', 'fields', 'sort']);

export type RawQuery = Record<string, unknown>;

export function parseCollectionQuery(
  query: RawQuery,
  spec: CollectionSpec,
  pageSize: PageSizeLimits = { default: DEFAULT_PER_PAGE, max: MAX_PER_PAGE },
): CollectionQuery {
  return {
    page: parsePositiveInteger(query, 'page', 1, Number.MAX_SAFE_INTEGER),
    perPage: parsePositiveInteger(query, 'per_page', pageSize.default, pageSize.max),
    fields: parseFields(query['fields'], spec),
    sort: parseSort(query['sort'], spec),
    filters: parseFilters(query, spec),
  };
}

function single(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badParameter(`Parameter '${name}' must be given once`);
  return value;
}

function parsePositiveInteger(query: RawQuery, name: string, fallback: number, max: number): number {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw badParameter(`Parameter '${name}' must be an integer`);
  const value = Number(raw);
  if (value < 1) throw badParameter(`Parameter '${name}' cannot be less than 1`);
  if (value > max) throw badParameter(`Parameter '${name}' cannot be greater than ${max}`);
  return value;
}

function splitList(raw: string): string[] {
  return raw.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
}

function parseFields(raw: unknown, spec: CollectionSpec): string[] {
  if (raw === undefined) return ['id', ...spec.defaultFields.filter((f) => f !== 'id')];
  if (typeof raw !== 'string') throw badParameter(`Parameter 'fields' must be given once`);
  const requested = splitList(raw);
  const unknown = requested.filter((field) => !spec.fields.includes(field));
  if (unknown.length > 0) throw badParameter(`Unknown fields: ${unknown.join(', ')}`);
  return ['id', ...new Set(requested.filter((f) => f !== 'id'))];
}

function parseSort(raw: unknown, spec: CollectionSpec): SortTerm[] {
  const fallback = spec.defaultSort ? [...spec.defaultSort] : [{ field: 'id', direction: 'asc' as const }];
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string') throw badParameter(`Parameter 'sort' must be given once`);
  const terms = splitList(raw).map((term): SortTerm =>
    term.startsWith('-') ? { field: term.slice(1), direction: 'desc' } : { field: term, direction: 'asc' },
  );
  const notAllowed = terms.filter((term) => !spec.sortable.includes(term.field)).map((term) => term.field || "''");
  if (notAllowed.length > 0) throw badParameter(`Sorting not allowed on fields: ${notAllowed.join(', ')}`);
  return terms;
}

function parseFilters(query: RawQuery, spec: CollectionSpec): Filter[] {
  const filters: Filter[] = [];
  const notAllowed: string[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const negatedKey = key.endsWith('!');
    const field = negatedKey ? key.slice(0, -1) : key;
    const type = Object.hasOwn(spec.filters, field) ? spec.filters[field] : undefined;
    if (!type) {
      notAllowed.push(field);
      continue;
    }
    if (typeof rawValue !== 'string') throw badParameter(`Parameter '${field}' must be given once`);
    filters.push(parseFilter(field, type, rawValue, negatedKey));
  }
  if (notAllowed.length > 0) throw badParameter(`Filtering not allowed on fields: ${notAllowed.join(', ')}`);
  return filters;
}

function parseFilter(field: string, type: FilterType, raw: string, negatedKey: boolean): Filter {
  let value = raw;
  let negated = negatedKey;
  if (!negated && value.startsWith('!')) {
    negated = true;
    value = value.slice(1);
  }
  if (value === '') return { field, operator: negated ? 'present' : 'empty', values: [] };
  if (!negated && (value.startsWith('>') || value.startsWith('<'))) {
    const operator = value.startsWith('>') ? 'gte' : 'lte';
    return { field, operator, values: [parseFilterValue(field, type, value.slice(1))] };
  }
  const values = splitList(value).map((part) => parseFilterValue(field, type, part));
  if (values.length === 0) throw badParameter(`Parameter '${field}' has no values`);
  return { field, operator: negated ? 'not_in' : 'in', values };
}
