import { badParameter, isCalendarDay, unstorableText } from '@tessera/domain';

const MAX_INTEGER = 2_147_483_647;

export type FilterType = 'integer' | 'string' | 'boolean' | 'datetime' | 'date' | { enum: readonly string[] };

/** One filter value, typed by the field it filters; a value of the wrong type is a 400. */
export function parseFilterValue(field: string, type: FilterType, raw: string): string | number | boolean | Date {
  const unstorable = unstorableText(raw);
  if (unstorable) throw badParameter(`Parameter '${field}' ${unstorable}`);
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
      if (!date) throw badParameter(`Parameter '${field}' must be an ISO 8601 datetime from ${DATETIME_RANGE_TEXT}`);
      return date;
    }
    case 'date':
      if (!isCalendarDay(raw)) throw badParameter(`Parameter '${field}' must be a date, YYYY-MM-DD, from 1900`);
      return raw;
    case 'string':
      return raw;
  }
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The datetimes Tessera accepts, in UTC after the offset is applied: wide
 * enough for any real date, narrow enough that every one is stored and
 * printed as a four-digit-year ISO 8601 string (year 0 would be 1 BC in
 * PostgreSQL, and 10000 prints as `+010000`).
 */
export const DATETIME_MIN = new Date('1900-01-01T00:00:00.000Z');
export const DATETIME_MAX = new Date('9999-12-31T23:59:59.999Z');
export const DATETIME_RANGE_TEXT = '1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z';

/** ISO 8601 date or datetime within DATETIME_MIN..DATETIME_MAX; a datetime without offset is read as UTC. */
export function parseIsoDatetime(raw: string): Date | null {
  if (!ISO_DATETIME.test(raw)) return null;
  const hasTime = raw.includes('T');
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(raw);
  const date = new Date(hasTime && !hasOffset ? `${raw}Z` : raw);
  if (Number.isNaN(date.getTime())) return null;
  // Date rolls 2026-02-30 over to March 2; a calendar date that does not exist is refused instead.
  const [year, month, day] = raw.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  return date.getTime() < DATETIME_MIN.getTime() || date.getTime() > DATETIME_MAX.getTime() ? null : date;
}
