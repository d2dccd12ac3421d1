import { type CelFunc, type CelList, type CelValue, CelScalar, celEnv, celFunc, celMethod, isCelError, isCelList, isCelMap, listType } from '@bufbuild/cel';
import { joinLists } from './appendable-list.js';
import { chargeBuilt, chargeItems, chargeIterations, chargeRegex, chargeScanned, checkListSize, stepsLeft } from './evaluation-budget.js';

/**
 * The standard functions that build, scan or compare item by item, replaced by versions that
 * charge the running evaluation's budget first (issue 33 item 4, "huge string building", "a
 * condition over a long list"): `+` on strings, bytes and lists, the string tests, and `in`
 * and `==`/`!=` on lists and maps. Each delegates to the library's own function, so
 * the semantics stay the standard ones (the conformance spec runs through these).
 */
const standard = celEnv().funcs;

function standardOverload(name: string, id: string): CelFunc {
  const found = [...(standard.find(name) ?? [])].find((f) => f.id === id);
  if (!found) throw new Error(`@bufbuild/cel has no standard ${id}`);
  return found;
}

function delegate(fn: CelFunc, target: unknown, args: unknown[]): boolean {
  const result = fn.call(0, target as never, args as never);
  if (isCelError(result)) throw result;
  return result as boolean;
}

/**
 * A string's size in code points, as CEL counts it: its length when it holds no surrogate,
 * else one pass over its UTF-16 units. The library spreads the string into an array of
 * characters (~25 ns a character, 1.6 ms on 64 KiB). A lone surrogate counts one, as in the spread.
 */
const SURROGATE = /[\ud800-\udfff]/;

function codePoints(text: string): bigint {
  chargeScanned(text.length);
  if (!SURROGATE.test(text)) return BigInt(text.length);
  chargeScanned(text.length);
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return BigInt(count);
}

/**
 * Conversions that read their whole text (or bytes): charged as text read, weighted by what
 * they cost beside a native scan (decoding UTF-8 ~3 ns a byte, encoding ~0.5).
 */
const READING_CONVERSIONS: readonly [name: string, id: string, weight: number][] = [
  ['int', 'int(string)', 1],
  ['uint', 'uint(string)', 1],
  ['double', 'double(string)', 1],
  ['bool', 'bool(string)', 1],
  ['timestamp', 'timestamp(string)', 1],
  ['duration', 'duration(string)', 1],
  ['bytes', 'bytes(string)', 2],
  ['string', 'string(bytes)', 8],
];

function readingConversion([name, id, weight]: readonly [string, string, number]): CelFunc {
  const original = standardOverload(name, id);
  const from = id.endsWith('(bytes)') ? BYTES : STRING;
  return celFunc(name, [from], original.result, (value: string | Uint8Array) => {
    chargeScanned(value.length * weight);
    const result = original.call(0, undefined, [value as never]);
    if (isCelError(result)) throw result;
    return result as never;
  });
}

/** The call wrapped around each list macro's list (charge-iterations.ts); '@' keeps it out of what an author can write. */
export const CHARGE_ITERATIONS = '@charge_iterations';
/**
 * What one `matches` costs in characters read: RE2 walks the text once per ~32 characters of
 * pattern, and each call compiles the pattern (the library keeps none), at about the cost of
 * reading as many characters as the pattern has once its counted repeats are written out:
 * `[a-z]{1000}` compiles like 11,000 characters (~1.3 ms). Repeats multiply, nested or not:
 * an over-estimate only for patterns with several counts.
 */
export function regexCost(text: string, pattern: string): number {
  let repeats = 1;
  for (const [, low, high] of pattern.matchAll(/(?<!\\)\{(\d+)(?:,(\d*))?\}/g)) {
    repeats = Math.min(1e9, repeats * Math.max(1, Number(high || low)));
  }
  return text.length * Math.ceil(Math.max(1, pattern.length) / 32) + Math.max(64, pattern.length * repeats);
}

/** Items of a list or map, nested ones included, counted no further than `limit`. */
function itemsWithin(value: CelValue, limit: number): number {
  let count = 0;
  const walk = (v: CelValue): void => {
    if (count >= limit) return;
    if (isCelList(v)) {
      for (const item of v) {
        count++;
        walk(item);
        if (count >= limit) return;
      }
    } else if (isCelMap(v)) {
      for (const item of v.values()) {
        count++;
        walk(item);
        if (count >= limit) return;
      }
    }
  };
  walk(value);
  return count;
}

const isContainer = (v: CelValue): boolean => isCelList(v) || isCelMap(v);

function chargeEquality(left: CelValue, right: CelValue): void {
  if (isContainer(left) && isContainer(right)) chargeItems(Math.min(itemsWithin(left, stepsLeft()), itemsWithin(right, stepsLeft())));
}

const { STRING, BYTES, BOOL, DYN, INT } = CelScalar;
const standardEquals = standardOverload('_==_', '_==_(dyn,dyn)');
const standardNotEquals = standardOverload('_!=_', '_!=_(dyn,dyn)');
const standardInList = standardOverload('@in', '@in(dyn,list)');
const LIST = listType(DYN);
const scanningTests = ['contains', 'startsWith', 'endsWith'] as const;
const standardMatches = standardOverload('matches', 'string.matches(string)');

export const BOUNDED_FUNCTIONS: CelFunc[] = [
  celFunc('_+_', [STRING, STRING], STRING, (left, right) => {
    chargeBuilt(left.length + right.length);
    return left + right;
  }),
  celFunc('_+_', [BYTES, BYTES], BYTES, (left, right) => {
    chargeBuilt(left.length + right.length);
    const joined = new Uint8Array(left.length + right.length);
    joined.set(left);
    joined.set(right, left.length);
    return joined;
  }),
  celFunc('_+_', [LIST, LIST], LIST, (left: CelList, right: CelList) => {
    checkListSize(left.size + right.size);
    return joinLists(left, right);
  }),
  ...scanningTests.map((name) => {
    const original = standardOverload(name, `string.${name}(string)`);
    return celMethod(name, STRING, [STRING], BOOL, function (this: string, argument: string) {
      chargeScanned(this.length + argument.length);
      return delegate(original, this, [argument]);
    });
  }),
  celFunc('size', [STRING], INT, codePoints),
  celMethod('size', STRING, [], INT, function (this: string) {
    return codePoints(this);
  }),
  celMethod('matches', STRING, [STRING], BOOL, function (this: string, pattern: string) {
    chargeRegex(regexCost(this, pattern));
    return delegate(standardMatches, this, [pattern]);
  }),
  celFunc('_==_', [DYN, DYN], BOOL, (left, right) => {
    chargeEquality(left, right);
    return delegate(standardEquals, undefined, [left, right]);
  }),
  celFunc('_!=_', [DYN, DYN], BOOL, (left, right) => {
    chargeEquality(left, right);
    return delegate(standardNotEquals, undefined, [left, right]);
  }),
  celFunc('@in', [DYN, LIST], BOOL, (item, list: CelList) => {
    chargeItems(isContainer(item) ? list.size * Math.max(1, itemsWithin(item, stepsLeft())) : list.size);
    return delegate(standardInList, undefined, [item, list]);
  }),
  ...READING_CONVERSIONS.map(readingConversion),
  celFunc(CHARGE_ITERATIONS, [DYN, INT], DYN, (range, stepsPerItem) => {
    const items = isCelList(range) || isCelMap(range) ? range.size : 0;
    chargeIterations(items, Number(stepsPerItem));
    return range;
  }),
];
