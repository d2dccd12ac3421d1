import type { CelList, CelValue } from '@bufbuild/cel';
import { chargeItems } from './evaluation-budget.js';

/**
 * A CEL list that `+` can extend in amortised constant time. `map` and `filter` build their
 * result one `+` per item; the library joins lazily, one nesting level per `+`, so reading a
 * 1,000-item result walks 1,000 levels (quadratic, and deep), and copying on each `+`
 * instead makes megabytes of garbage. This is a view of the first `size` items of a shared
 * array: appending to the newest view pushes onto the array, which older views never read
 * past, so every list stays immutable. Any other join copies.
 *
 * The library recognises its lists by a registered symbol (`isCelList`), not a class; the
 * dependency is pinned (package.json), and the conformance spec reads lists built here.
 */
const CEL_LIST_MARK = Symbol.for('@bufbuild/cel/list');

class AppendableList {
  readonly [CEL_LIST_MARK] = {};
  constructor(
    private readonly items: CelValue[],
    readonly size: number,
  ) {}

  get(index: number): CelValue | undefined {
    return index >= 0 && index < this.size ? this.items[index] : undefined;
  }

  *values(): IterableIterator<CelValue> {
    for (let i = 0; i < this.size; i++) yield this.items[i]!;
  }

  [Symbol.iterator](): IterableIterator<CelValue> {
    return this.values();
  }

  append(more: readonly CelValue[]): AppendableList {
    if (this.items.length === this.size) {
      chargeItems(more.length);
      for (const item of more) this.items.push(item);
      return new AppendableList(this.items, this.size + more.length);
    }
    chargeItems(this.size + more.length);
    return new AppendableList([...this.items.slice(0, this.size), ...more], this.size + more.length);
  }
}

/** Copies are charged as items handled: a join inside a macro copies on every item. */
export function joinLists(left: CelList, right: CelList): CelList {
  if (!(left instanceof AppendableList)) chargeItems(left.size);
  const base = left instanceof AppendableList ? left : new AppendableList(Array.from(left), left.size);
  return base.append(Array.from(right)) as unknown as CelList;
}

