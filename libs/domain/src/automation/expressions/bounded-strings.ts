import { type CelFunc, type CelList, CelScalar, celMethod, isCelError, listType } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { chargeBuilt, chargeScanned, checkListSize } from './evaluation-budget.js';

/**
 * The CEL strings extension as rules may use it (docs/decisions/054): each function charges
 * the evaluation's budget for what it reads and builds before it runs, then runs the
 * library's own — except `replace`, whose library version rebuilds the whole text once per
 * occurrence (quadratic on 64 KiB) and is done here in one pass. `format` and
 * `strings.quote` are left out: they build strings from any value, which the budget cannot
 * size beforehand.
 */
function extension(id: string): CelFunc {
  const found = strings.find((f) => f.id === id);
  if (!found) throw new Error(`@bufbuild/cel/ext has no ${id}`);
  return found;
}

function delegate<T>(fn: CelFunc, target: unknown, args: unknown[]): T {
  const result = fn.call(0, target as never, args as never);
  if (isCelError(result)) throw result;
  return result as T;
}

const { STRING, INT } = CelScalar;
const STRING_LIST = listType(STRING);

/**
 * What the library's text functions cost beside a native scan (~0.5 ns a character, what
 * `chargeScanned` counts), measured on 64 KiB: split ~6 ns a character, join ~5.
 */
const SPLIT_SCAN_WEIGHT = 12;
const JOIN_SCAN_WEIGHT = 10;

/** Reads its text and builds at most as much (trim, substring). */
function copying(name: string, args: readonly (typeof STRING | typeof INT)[]): CelFunc {
  const original = extension(`string.${name}(${args.map((a) => a.name).join(',')})`);
  return celMethod(name, STRING, args, STRING, function (this: string, ...rest: unknown[]) {
    chargeScanned(this.length);
    chargeBuilt(this.length);
    return delegate<string>(original, this, rest);
  });
}

/** Reads its text (charAt, indexOf, lastIndexOf). */
function reading(name: string, args: readonly (typeof STRING | typeof INT)[], result: typeof STRING | typeof INT): CelFunc {
  const original = extension(`string.${name}(${args.map((a) => a.name).join(',')})`);
  return celMethod(name, STRING, args, result, function (this: string, ...rest: unknown[]) {
    chargeScanned(this.length + (typeof rest[0] === 'string' ? rest[0].length : 0));
    return delegate<never>(original, this, rest);
  });
}

function splitting(args: readonly (typeof STRING | typeof INT)[]): CelFunc {
  const original = extension(`string.split(${args.map((a) => a.name).join(',')})`);
  return celMethod('split', STRING, args, STRING_LIST, function (this: string, ...rest: unknown[]) {
    chargeScanned(this.length * SPLIT_SCAN_WEIGHT);
    const parts = delegate<CelList>(original, this, rest);
    checkListSize(parts.size);
    return parts;
  });
}

function joining(args: readonly (typeof STRING)[]): CelFunc {
  const original = extension(`list.join(${args.map((a) => a.name).join(',')})`);
  return celMethod('join', listType(CelScalar.DYN), args, STRING, function (this: CelList, ...rest: unknown[]) {
    const separator = typeof rest[0] === 'string' ? rest[0].length : 0;
    let length = Math.max(0, this.size - 1) * separator;
    for (const item of this) if (typeof item === 'string') length += item.length;
    chargeBuilt(length);
    chargeScanned(length * JOIN_SCAN_WEIGHT);
    return delegate<string>(original, this, rest);
  });
}

/** Replaces the first `count` occurrences (all when absent or negative, as cel-go does) in one pass, its length charged first. */
function replaceText(text: string, search: string, replacement: string, count: number): string {
  if (search === '') throw new Error('replace() needs a non-empty text to replace');
  chargeScanned(text.length);
  const found: number[] = [];
  for (let from = 0; found.length < count; ) {
    const at = text.indexOf(search, from);
    if (at === -1) break;
    found.push(at);
    from = at + search.length;
  }
  chargeBuilt(text.length + found.length * (replacement.length - search.length));
  const parts: string[] = [];
  let from = 0;
  for (const at of found) {
    parts.push(text.slice(from, at), replacement);
    from = at + search.length;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * ASCII case natively: the library's builds the result a character at a time (~15 ns a
 * character, 1 ms on 64 KiB). Only A–Z and a–z may change, as the extension says, so a text
 * with other characters changes its ASCII runs alone (one call per run: charged more).
 */
const NON_ASCII = /[\u0080-\uffff]/;
const ASCII_RUNS = /[^\u0080-\uffff]+/g;
const ASCII_RUN_WEIGHT = 16;

function asciiCase(name: 'lowerAscii' | 'upperAscii', change: (text: string) => string): CelFunc {
  return celMethod(name, STRING, [], STRING, function (this: string) {
    chargeBuilt(this.length);
    if (!NON_ASCII.test(this)) {
      chargeScanned(this.length);
      return change(this);
    }
    chargeScanned(this.length * ASCII_RUN_WEIGHT);
    return this.replace(ASCII_RUNS, change);
  });
}

export const BOUNDED_STRING_FUNCTIONS: CelFunc[] = [
  asciiCase('lowerAscii', (text) => text.toLowerCase()),
  asciiCase('upperAscii', (text) => text.toUpperCase()),
  copying('trim', []),
  copying('substring', [INT]),
  copying('substring', [INT, INT]),
  reading('charAt', [INT], STRING),
  reading('indexOf', [STRING], INT),
  reading('indexOf', [STRING, INT], INT),
  reading('lastIndexOf', [STRING], INT),
  reading('lastIndexOf', [STRING, INT], INT),
  splitting([STRING]),
  splitting([STRING, INT]),
  joining([]),
  joining([STRING]),
  celMethod('replace', STRING, [STRING, STRING], STRING, function (this: string, search: string, replacement: string) {
    return replaceText(this, search, replacement, Infinity);
  }),
  celMethod('replace', STRING, [STRING, STRING, INT], STRING, function (this: string, search: string, replacement: string, count: bigint) {
    return replaceText(this, search, replacement, count < 0n ? Infinity : Number(count));
  }),
];

