import { type CheckType, comparable, describeType, isList, isLoose, isMapLike, isMapOf, isNumeric, isRecord, joinTypes } from './check-type.js';

/**
 * Result types of the calls a rule may make: CEL's standard operators, conversions,
 * `size`, string tests, timestamp accessors and the strings extension but `format` and `quote`. The library's checker (0.6.1) types only
 * constants and identifiers, so this table is what turns `record.subject + 1` or an unknown
 * function into a compile error. A function missing here is refused at write time, which
 * also keeps extensions and anything unbounded out of rules.
 */
export type CallTyping = { type: CheckType } | { error: string };

const ok = (type: CheckType): CallTyping => ({ type });
const ARITHMETIC: Record<string, readonly CheckType[]> = {
  '_+_': ['int', 'uint', 'double', 'string', 'bytes'],
  '_-_': ['int', 'uint', 'double'],
  '_*_': ['int', 'uint', 'double'],
  '_/_': ['int', 'uint', 'double'],
  '_%_': ['int', 'uint'],
};
const ORDERED: readonly CheckType[] = ['string', 'bytes', 'bool', 'timestamp', 'duration'];
const OPERATOR_NAMES: Record<string, string> = {
  '_+_': '+', '_-_': '-', '_*_': '*', '_/_': '/', '_%_': '%', '_<_': '<', '_<=_': '<=', '_>_': '>', '_>=_': '>=',
  '_==_': '==', '_!=_': '!=', '_&&_': '&&', '_||_': '||', '!_': '!', '-_': '-', '@in': 'in', '_[_]': '[]',
};
/** A macro the parser did not expand (a literal where the item's name goes) reaches the checker as a call. */
const MACROS = ['all', 'exists', 'exists_one', 'map', 'filter'];
const TIME_ACCESSORS = ['getFullYear', 'getMonth', 'getDate', 'getDayOfMonth', 'getDayOfWeek', 'getDayOfYear', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds'];
const DURATION_ACCESSORS = ['getHours', 'getMinutes', 'getSeconds', 'getMilliseconds'];
const CONVERSIONS: Record<string, { from: readonly CheckType[]; to: CheckType }> = {
  int: { from: ['int', 'uint', 'double', 'string', 'timestamp'], to: 'int' },
  uint: { from: ['int', 'uint', 'double', 'string'], to: 'uint' },
  double: { from: ['int', 'uint', 'double', 'string'], to: 'double' },
  string: { from: ['int', 'uint', 'double', 'string', 'bool', 'bytes', 'timestamp', 'duration'], to: 'string' },
  bool: { from: ['bool', 'string'], to: 'bool' },
  bytes: { from: ['bytes', 'string'], to: 'bytes' },
  timestamp: { from: ['timestamp', 'string', 'int'], to: 'timestamp' },
  duration: { from: ['duration', 'string'], to: 'duration' },
};

/** The strings extension's methods on a string that rules may call (bounded-strings.ts); `format` and `quote` are not among them. */
const STRING_EXTENSION: Record<string, { args: CheckType[]; result: CheckType }[]> = {
  charAt: [{ args: ['int'], result: 'string' }],
  indexOf: [{ args: ['string'], result: 'int' }, { args: ['string', 'int'], result: 'int' }],
  lastIndexOf: [{ args: ['string'], result: 'int' }, { args: ['string', 'int'], result: 'int' }],
  lowerAscii: [{ args: [], result: 'string' }],
  upperAscii: [{ args: [], result: 'string' }],
  trim: [{ args: [], result: 'string' }],
  replace: [{ args: ['string', 'string'], result: 'string' }, { args: ['string', 'string', 'int'], result: 'string' }],
  split: [{ args: ['string'], result: { list: 'string' } }, { args: ['string', 'int'], result: { list: 'string' } }],
  substring: [{ args: ['int'], result: 'string' }, { args: ['int', 'int'], result: 'string' }],
};

function noOverload(fn: string, args: readonly CheckType[]): CallTyping {
  const shown = args.map(describeType);
  const op = OPERATOR_NAMES[fn];
  if (op && args.length === 2) return { error: `'${op}' cannot be applied to ${shown[0]} and ${shown[1]}` };
  if (op) return { error: `'${op}' cannot be applied to ${shown.join(', ')}` };
  return { error: `${fn}() cannot be applied to (${shown.join(', ')})` };
}

export function globalCallType(fn: string, args: readonly CheckType[]): CallTyping {
  const [a, b] = args as [CheckType, CheckType];
  switch (fn) {
    case '_&&_': case '_||_':
      return args.every((t) => t === 'bool' || isLoose(t)) ? ok('bool') : noOverload(fn, args);
    case '!_':
      return a === 'bool' || isLoose(a) ? ok('bool') : noOverload(fn, args);
    case '-_':
      return a === 'int' || a === 'double' || a === 'duration' || isLoose(a) ? ok(a) : noOverload(fn, args);
    case '_==_': case '_!=_':
      return comparable(a, b) ? ok('bool') : noOverload(fn, args);
    case '_<_': case '_<=_': case '_>_': case '_>=_':
      return orderable(a, b) ? ok('bool') : noOverload(fn, args);
    case '_+_': case '_-_': case '_*_': case '_/_': case '_%_':
      return arithmeticType(fn, a, b);
    case '_?_:_': {
      const [condition, yes, no] = args as [CheckType, CheckType, CheckType];
      if (condition !== 'bool' && !isLoose(condition)) return { error: `the condition of '? :' must be a bool, not ${describeType(condition)}` };
      return ok(joinTypes(yes, no));
    }
    case '_[_]':
      return indexType(a, b);
    case '@in':
      if (isList(b)) return comparable(a, b.list) ? ok('bool') : noOverload(fn, args);
      return isMapLike(b) || isLoose(b) ? ok('bool') : { error: `'in' needs a list or a map on its right, not ${describeType(b)}` };
    case 'size':
      return args.length === 1 ? sizeType(a) : noOverload(fn, args);
    case '@not_strictly_false':
      return ok('bool');
    case 'has':
      return { error: 'has() tests a field: write has(record.field)' };
    case 'dyn':
      return args.length === 1 ? ok('dyn') : noOverload(fn, args);
    case 'type':
      return args.length === 1 ? ok('type') : noOverload(fn, args);
  }
  const conversion = CONVERSIONS[fn];
  if (conversion) {
    return args.length === 1 && (conversion.from.includes(a) || isLoose(a)) ? ok(conversion.to) : noOverload(fn, args);
  }
  return { error: `unknown function '${fn}'` };
}

export function methodCallType(fn: string, target: CheckType, args: readonly CheckType[]): CallTyping {
  const stringLike = (t: CheckType) => t === 'string' || isLoose(t);
  switch (fn) {
    case 'contains': case 'startsWith': case 'endsWith': case 'matches':
      return stringLike(target) && args.length === 1 && stringLike(args[0]!) ? ok('bool') : methodMismatch(fn, target, args);
    case 'size':
      return args.length === 0 ? sizeType(target) : methodMismatch(fn, target, args);
    case 'join': {
      const joinable = (isList(target) && (target.list === 'string' || isLoose(target.list))) || isLoose(target);
      return joinable && args.length <= 1 && args.every(stringLike) ? ok('string') : methodMismatch(fn, target, args);
    }
  }
  if (MACROS.includes(fn)) return { error: `${fn}() takes a name for each item and an expression: ${fn}(t, t == 'x')` };
  const strings = STRING_EXTENSION[fn];
  if (strings) {
    const matches = strings.some((signature) => signature.args.length === args.length && signature.args.every((want, i) => args[i] === want || isLoose(args[i]!)));
    if (stringLike(target) && matches) return ok(strings[0]!.result);
    return methodMismatch(fn, target, args);
  }
  if (TIME_ACCESSORS.includes(fn)) {
    const zoned = args.length === 0 || (args.length === 1 && stringLike(args[0]!));
    if ((target === 'timestamp' || isLoose(target)) && zoned) return ok('int');
    if (target === 'duration' && DURATION_ACCESSORS.includes(fn) && args.length === 0) return ok('int');
    return methodMismatch(fn, target, args);
  }
  return { error: `unknown function '${fn}'` };
}

function methodMismatch(fn: string, target: CheckType, args: readonly CheckType[]): CallTyping {
  return { error: `${describeType(target)}.${fn}(${args.map(describeType).join(', ')}) does not exist` };
}

function orderable(a: CheckType, b: CheckType): boolean {
  if (isLoose(a) || isLoose(b)) return true;
  if (isNumeric(a) && isNumeric(b)) return true;
  return a === b && ORDERED.includes(a);
}

function arithmeticType(fn: string, a: CheckType, b: CheckType): CallTyping {
  if (fn === '_+_' && isList(a) && isList(b)) return ok({ list: joinTypes(a.list, b.list) });
  if (fn === '_+_' && ((a === 'timestamp' && b === 'duration') || (a === 'duration' && b === 'timestamp'))) return ok('timestamp');
  if ((fn === '_+_' || fn === '_-_') && a === 'duration' && b === 'duration') return ok('duration');
  if (fn === '_-_' && a === 'timestamp' && b === 'timestamp') return ok('duration');
  if (fn === '_-_' && a === 'timestamp' && b === 'duration') return ok('timestamp');
  if (isLoose(a) && isLoose(b)) return ok('dyn');
  if (isLoose(a) || isLoose(b)) {
    const known = isLoose(a) ? b : a;
    if (fn === '_+_' && (isList(known) || known === 'string' || known === 'bytes')) return ok(isList(known) ? { list: 'dyn' } : known);
    return ARITHMETIC[fn]!.includes(known) || known === 'timestamp' || known === 'duration' ? ok('dyn') : noOverload(fn, [a, b]);
  }
  return a === b && ARITHMETIC[fn]!.includes(a) ? ok(a) : noOverload(fn, [a, b]);
}

function indexType(container: CheckType, key: CheckType): CallTyping {
  if (isLoose(container)) return ok('dyn');
  if (isList(container)) {
    return key === 'int' || key === 'uint' || isLoose(key) ? ok(container.list) : { error: `a list is indexed by an int, not ${describeType(key)}` };
  }
  if (isMapOf(container)) return ok(container.mapOf.value);
  if (isRecord(container)) return key === 'string' || isLoose(key) ? ok('dyn') : { error: `a map's fields are named by a string, not ${describeType(key)}` };
  return { error: `${describeType(container)} cannot be indexed with []` };
}

function sizeType(t: CheckType): CallTyping {
  return t === 'string' || t === 'bytes' || isList(t) || isMapLike(t) || isLoose(t) ? ok('int') : { error: `size() cannot be applied to ${describeType(t)}` };
}
