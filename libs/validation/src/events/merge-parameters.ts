/**
 * One value per parameter from several sources (query string, JSON or form
 * body) and aliases (`sourceID` for `source_id`). A parameter given more than
 * once — repeated in the query, under an alias, or in the query and the body —
 * keeps its value when every occurrence says the same thing, and is a conflict
 * otherwise, whatever the order: nothing silently wins.
 */

export interface MergedParameters {
  values: Record<string, unknown>;
  /** Parameters (by canonical name) given more than once with different values. */
  conflicts: Set<string>;
}

export function mergeParameters(sources: ReadonlyArray<Record<string, unknown> | undefined>, aliases: Readonly<Record<string, string>>): MergedParameters {
  // A Map: a body key such as `__proto__` must stay a plain key.
  const values = new Map<string, unknown>();
  const conflicts = new Set<string>();
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source)) {
      const name = Object.hasOwn(aliases, key) ? aliases[key]! : key;
      // A repeated query parameter arrives as an array of strings.
      for (const occurrence of Array.isArray(value) && value.every(isScalar) ? value : [value]) {
        if (!values.has(name)) values.set(name, occurrence);
        else if (!sameValue(values.get(name), occurrence)) conflicts.add(name);
      }
    }
  }
  return { values: Object.fromEntries(values), conflicts };
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** `5` in JSON and `"5"` in the query, or `" a"` and `"a"`, say the same thing. */
function sameValue(a: unknown, b: unknown): boolean {
  if (!isScalar(a) || !isScalar(b)) return false;
  return String(a ?? '').trim() === String(b ?? '').trim();
}
