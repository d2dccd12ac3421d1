/**
 * What depends only on a document is worked out once per document (issue 23), in a cache with a
 * bound on its entries, least recently used first out. Apollo's own document store already keeps
 * each query's parsed and validated AST (the validation rules: selections, pagination literals,
 * depth, one mutation) by its sha256; this cache keeps, by the same hash, what our limits compute
 * afterwards: the weight (nodes, requests, cost) of each operation of the document, for the
 * variable values it was weighed with when the operation has variables.
 */
/** A second bound, on the sum of what the entries weigh (their bytes), beside the one on their number. */
export interface WeightBound<V> {
  maxWeight: number;
  weigh(key: string, value: V): number;
}

export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    readonly maxEntries: number,
    private readonly bound?: WeightBound<V>,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error('an LRU cache holds at least one entry');
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries weigh together (0 without a weight bound). */
  get totalWeight(): number {
    return this.weight;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Most recently used goes last; the first is the next out.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  /** Keeps the value, dropping the least recently used entries until both bounds hold; one heavier than the whole bound is not kept. */
  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.bound ? this.bound.weigh(key, value) : 0;
    if (this.bound && weight > this.bound.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while (this.entries.size > this.maxEntries || (this.bound && this.weight > this.bound.maxWeight)) this.delete(this.entries.keys().next().value!);
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
