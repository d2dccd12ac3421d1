import { badParameter } from '@tessera/domain';

const MAX_INTEGER = 2_147_483_647;

export type FilterType = 'integer' | 'string' | 'boolean' | 'datetime' | { enum: readonly string[] };

/** One filter value, typed by the field it filters; a value of the wrong type is a 400. */
export function parseFilterValue(field: string, type: FilterType, raw: string): string | number | boolean | Date {
  if (raw.includes('\u0000')) throw badParameter(`Parameter '${field}' contains a NUL character`);
  if (typeof type === 'object') {
    if (!type.enum.includes(raw)) throw badParameter(`Parameter '${field}' must be one of: ${type.enum.join(', ')}`);
    return raw;
  }
  switch (type) {
    case 'integer': {
      // Ids are PostgreSQL integers: a larger number could never match, and would fail the query.
      if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_INTEGER) throw badParameter(`Parameter '${field}' must be an integer from 0 to ${MAX_INTEGER}`);
      return Number(raw);
    }
    case 'boolean': {
      if (raw !== 'true' && raw !== 'false') throw badParameter(`Parameter '${field}' must be true or false`);
      return raw === 'true';
    }
    case 'datetime': {
      const date = parseIsoDatetime(raw);
      if (!date) throw badParameter(`Parameter '${field}' must be an ISO 8601 datetime`);
      return date;
    }
    case 'string':
      return raw;
  }
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO 8601 date or datetime; a datetime without offset is read as UTC. */
export function parseIsoDatetime(raw: string): Date | null {
  if (!ISO_DATETIME.test(raw)) return null;
  const hasTime = raw.includes('T');
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(raw);
  const date = new Date(hasTime && !hasOffset ? `${raw}Z` : raw);
  if (Number.isNaN(date.getTime())) return null;
  // Date rolls 2026-02-30 over to March 2; a calendar date that does not exist is refused instead.
  const [year, month, day] = raw.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day ? date : null;
}
