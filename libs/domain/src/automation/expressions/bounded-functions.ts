import { type CelFunc, type CelList, CelScalar, celEnv, celFunc, celMethod, isCelError, isCelList, isCelMap, listType } from '@bufbuild/cel';
import { joinLists } from './appendable-list.js';
import { chargeBuilt, chargeIterations, chargeRegex, chargeScanned, checkListSize } from './evaluation-budget.js';

/**
 * The standard functions that build or scan, replaced by versions that charge the running
 * evaluation's budget first (issue 33 item 4, "huge string building"): `+` on strings,
 * bytes and lists, and the string tests. Each delegates to the library's own function, so
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

/** The call wrapped around each list macro's list (charge-iterations.ts); '@' keeps it out of what an author can write. */
export const CHARGE_ITERATIONS = '@charge_iterations';
/** RE2 walks the text once per ~32 characters of pattern; each call also compiles the pattern. */
const REGEX_CALL_CHARACTERS = 64;

const { STRING, BYTES, BOOL, DYN, INT } = CelScalar;
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
  celMethod('matches', STRING, [STRING], BOOL, function (this: string, pattern: string) {
    chargeRegex((this.length + REGEX_CALL_CHARACTERS) * Math.ceil(Math.max(1, pattern.length) / 32));
    return delegate(standardMatches, this, [pattern]);
  }),
  celFunc(CHARGE_ITERATIONS, [DYN, INT], DYN, (range, stepsPerItem) => {
    const items = isCelList(range) || isCelMap(range) ? range.size : 0;
    chargeIterations(items, Number(stepsPerItem));
    return range;
  }),
];
