import type { RuleValueType } from './rule-value-type.js';

/**
 * The checker's view of a type: the rule types plus the CEL types an expression can make
 * on its own (`1u`, `b'x'`, `duration('1h')`, `type(x)`, a map with computed keys).
 * `none` is the element type of an empty list literal, so `[] + [1]` is a list(int).
 */
export type CheckScalar = 'string' | 'int' | 'uint' | 'double' | 'bool' | 'bytes' | 'null' | 'dyn' | 'timestamp' | 'duration' | 'type' | 'none';
export type CheckType =
  | CheckScalar
  | { readonly list: CheckType }
  /** A map whose keys are known: a record (closed: naming another field is an error) or a map literal (`has()` may test other keys). */
  | { readonly fields: Readonly<Record<string, CheckType>>; readonly literal?: true }
  | { readonly mapOf: { readonly key: CheckType; readonly value: CheckType } };

export const isList = (t: CheckType): t is { list: CheckType } => typeof t === 'object' && 'list' in t;
export const isRecord = (t: CheckType): t is { fields: Record<string, CheckType>; literal?: true } => typeof t === 'object' && 'fields' in t;
export const isMapOf = (t: CheckType): t is { mapOf: { key: CheckType; value: CheckType } } => typeof t === 'object' && 'mapOf' in t;
export const isMapLike = (t: CheckType): boolean => isRecord(t) || isMapOf(t);
export const isLoose = (t: CheckType): boolean => t === 'dyn' || t === 'none';
const NUMERIC: readonly CheckType[] = ['int', 'uint', 'double'];
export const isNumeric = (t: CheckType): boolean => NUMERIC.includes(t);

export function fromRuleType(type: RuleValueType): CheckType {
  if (typeof type === 'string') return type;
  if ('list' in type) return { list: fromRuleType(type.list) };
  return { fields: Object.fromEntries(Object.entries(type.map).map(([name, field]) => [name, fromRuleType(field)])) };
}

/** The rule type of a checked result, as `evaluate` returns it in JSON: a duration or bytes reads as a string. */
export function toRuleType(type: CheckType): RuleValueType {
  if (typeof type === 'string') {
    switch (type) {
      case 'uint': return 'int';
      case 'bytes': case 'duration': case 'type': return 'string';
      case 'none': return 'dyn';
      default: return type;
    }
  }
  if (isList(type)) return { list: toRuleType(type.list) };
  if (isRecord(type)) return { map: Object.fromEntries(Object.entries(type.fields).map(([name, field]) => [name, toRuleType(field)])) };
  return 'dyn';
}

export function describeType(type: CheckType): string {
  if (typeof type === 'string') return type === 'none' ? 'dyn' : type;
  if (isList(type)) return `list(${describeType(type.list)})`;
  if (isRecord(type)) return `map{${Object.keys(type.fields).join(', ')}}`;
  if (isMapOf(type)) return `map(${describeType(type.mapOf.key)}, ${describeType(type.mapOf.value)})`;
  return 'dyn';
}

export function article(typeName: string): string {
  return /^[aeiou]/.test(typeName) ? `an ${typeName}` : `a ${typeName}`;
}

export function sameType(a: CheckType, b: CheckType): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (isList(a) && isList(b)) return sameType(a.list, b.list);
  if (isMapOf(a) && isMapOf(b)) return sameType(a.mapOf.key, b.mapOf.key) && sameType(a.mapOf.value, b.mapOf.value);
  if (isRecord(a) && isRecord(b)) {
    const names = Object.keys(a.fields);
    return names.length === Object.keys(b.fields).length && names.every((name) => b.fields[name] !== undefined && sameType(a.fields[name]!, b.fields[name]!));
  }
  return false;
}

/** The type of a value that is one of `a` or `b` (a conditional's branches, a list's elements): null joins anything. */
export function joinTypes(a: CheckType, b: CheckType): CheckType {
  if (a === 'none' || a === 'null') return b === 'none' ? a : b;
  if (b === 'none' || b === 'null') return a;
  if (sameType(a, b)) return a;
  if (isList(a) && isList(b)) return { list: joinTypes(a.list, b.list) };
  return 'dyn';
}

/** Whether values of `a` and `b` can be compared with `==`: same kind, both numbers, or either dyn or null. */
export function comparable(a: CheckType, b: CheckType): boolean {
  if (isLoose(a) || isLoose(b) || a === 'null' || b === 'null') return true;
  if (isNumeric(a) && isNumeric(b)) return true;
  if (isList(a) && isList(b)) return comparable(a.list, b.list);
  if (isMapLike(a) && isMapLike(b)) return true;
  return sameType(a, b);
}

/** Whether a value of `actual` may stand where `expected` is wanted (an int where a double is, null for any nullable field). */
export function fits(actual: CheckType, expected: CheckType): boolean {
  if (isLoose(expected) || isLoose(actual)) return true;
  if (actual === 'null') return expected !== 'bool';
  if (expected === 'double' && (actual === 'int' || actual === 'uint')) return true;
  if (expected === 'int' && actual === 'uint') return true;
  if (isList(expected)) return isList(actual) && fits(actual.list, expected.list);
  if (isRecord(expected)) {
    if (isMapOf(actual)) return true;
    return isRecord(actual) && Object.entries(expected.fields).every(([name, field]) => actual.fields[name] !== undefined && fits(actual.fields[name]!, field));
  }
  return sameType(actual, expected);
}
