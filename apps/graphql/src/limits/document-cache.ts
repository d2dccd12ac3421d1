/**
 * What depends only on a document is worked out once per document (issue 23), in a cache with a
 * bound on its entries, least recently used first out. Apollo's own document store already keeps
 * each query's parsed and validated AST (the validation rules: selections, pagination literals,
 * depth, one mutation) by its sha256; this cache keeps, by the same hash, what our limits compute
 * afterwards: the weight (nodes, requests, cost) of each operation of the document, for the
 * variable values it was weighed with when the operation has variables.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error('an LRU cache holds at least one entry');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recently used goes last; the first is the next out.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** Variables longer than this as JSON are weighed on every call rather than kept. */
const MAX_VARIABLES_KEY = 1024;

/**
 * The key of one weighing: the document's hash, the operation, and the variable values when the
 * operation declares any (a page size given by a variable changes the weight). Null: do not keep.
 */
export function weightKey(queryHash: string, operationName: string | null | undefined, variables: Record<string, unknown> | undefined, hasVariables: boolean): string | null {
  const base = `${queryHash}\u0000${operationName ?? ''}`;
  if (!hasVariables) return base;
  const values = JSON.stringify(variables ?? {});
  return values.length > MAX_VARIABLES_KEY ? null : `${base}\u0000${values}`;
}
