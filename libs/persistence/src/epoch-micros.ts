/**
 * A `timestamptz` read as epoch microseconds (the domain's `EpochMicros`): the
 * database's own precision, which a JavaScript Date (milliseconds) would cut.
 * Revocation checks compare such instants (issue 18 item 12). The bigint comes
 * back as a number (database.ts), exact until the year 2255.
 */
export function epochMicros(column: string): string {
  return `(extract(epoch from ${column}) * 1000000)::bigint`;
}
