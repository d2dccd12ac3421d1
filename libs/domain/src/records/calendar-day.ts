/**
 * A calendar day as written and stored (a `date` field, `YYYY-MM-DD`): a day that exists, in
 * the years of Tessera's datetimes (from 1900; four digits print as they are stored).
 */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
