/**
 * The part of a change that really changes something, and its audit form:
 * a PATCH that sets a field to its current value is no change, writes no
 * audit line and revokes nothing.
 */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => same(value, b[i]));
  // A moment given is a new Date; the stored one another: the same moment is no change.
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

export function changedFields<T extends object>(current: T, wanted: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(wanted) as Array<keyof T>) {
    const value = wanted[key];
    if (value !== undefined && !same(current[key], value)) changed[key] = value;
  }
  return changed;
}

/** `{field: [before, after]}` for an audit line of an update. */
export function auditPairs<T extends object>(before: T, changes: Partial<T>): Record<string, unknown> {
  return Object.fromEntries((Object.keys(changes) as Array<keyof T & string>).map((key) => [key, [before[key], changes[key]]]));
}
