/** PostgreSQL's unique violation on the named constraint; any other error is not ours to interpret. */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const found = error as { code?: unknown; constraint?: unknown };
  return found.code === UNIQUE_VIOLATION && found.constraint === constraint;
}
