/**
 * Token scopes (REFERENCE.md OAuth): `<record type>:<operation>`, operations
 * Read, Create, Update, Delete, with `*` as a wildcard on either side.
 */
export const SCOPE_OPERATIONS = ['Read', 'Create', 'Update', 'Delete'] as const;
export type ScopeOperation = (typeof SCOPE_OPERATIONS)[number];

const SCOPE_PATTERN = /^([a-z_]+|\*):(Read|Create|Update|Delete|\*)$/;

export function isValidScope(scope: string): boolean {
  return SCOPE_PATTERN.test(scope);
}

export function scopeAllows(scopes: readonly string[], recordType: string, operation: ScopeOperation): boolean {
  return scopes.some((scope) => {
    const match = SCOPE_PATTERN.exec(scope);
    if (!match) return false;
    const [, type, op] = match;
    return (type === '*' || type === recordType) && (op === '*' || op === operation);
  });
}

export const ALL_SCOPES = ['*:*'] as const;
