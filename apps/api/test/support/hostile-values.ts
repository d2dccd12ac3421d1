/**
 * fast-check arbitraries for the property proofs (issue 20 item 6): values a
 * declared schema asks for, and the hostile ones a client may send instead —
 * wrong types, huge and unicode strings, nulls, nested junk, bad ids; text
 * PostgreSQL cannot store (NULs, lone UTF-16 surrogates) and keys named after
 * Object.prototype members (issue 30 items 7 and 9).
 */
import fc from 'fast-check';

/** Keys a client may send to reach a value through a prototype. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'toLocaleString', '__defineGetter__', '__lookupGetter__'];

/** Text PostgreSQL cannot store as written: a NUL, lone surrogates high and low, alone or among other text. */
export const unstorableText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('\u0000', 't\ud800', '\udc00', 'a\udbff\udbffb', '\udfff\ud800', 'ok\u0000ok'),
    fc.tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 20 })).map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`),
  );

/** A key of a body or an input object: any text, now and then a prototype member's name. */
export const objectKey = (maxLength = 12): fc.Arbitrary<string> => fc.oneof({ weight: 4, arbitrary: fc.string({ minLength: 1, maxLength }) }, { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) });

/** What a path segment may hold: ids good and bad, and text that is none. */
export const pathSegment = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 1, max: 50 }).map(String),
    fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '2147483648', '9'.repeat(40), 'null', 'undefined', '%00', '..', '%2e%2e', '%E2%82', 'NaN'),
    fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
    fc.string({ minLength: 200, maxLength: 3000 }).map(encodeURIComponent),
  );

/** Any JSON value, hostile ones weighted in. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, '', ' ', '0', 'true', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '<script>', '\u0000', 'a\u202Eb'),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    unstorableText(),
    fc.string({ minLength: 5_000, maxLength: 70_000 }),
    fc.array(fc.oneof(fc.string(), unstorableText(), fc.integer(), fc.constant(null)), { maxLength: 5 }),
    fc.dictionary(objectKey(8), fc.oneof(fc.string(), unstorableText(), fc.integer()), { maxKeys: 3 }),
  );

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** A value of the declared type, as a well-meaning client sends it (valid or nearly). */
export function declaredValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return hostileValue();
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((variant) => declaredValue(variant, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'date-time' ? fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) : fc.oneof({ weight: 6, arbitrary: fc.string({ maxLength: 40 }) }, { weight: 1, arbitrary: unstorableText() });
    case 'integer':
      return fc.integer({ min: -5, max: 100 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(declaredValue(schema.items, depth + 1), { maxLength: 4 });
    case 'object':
      return declaredObject(schema, depth + 1);
    default:
      return hostileValue();
  }
}

/** An object of some declared properties (declared or hostile values) and, at times, extra ones. */
export function declaredObject(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema?.properties ?? {});
  const declared = Object.fromEntries(properties.map(([name, property]) => [name, fc.oneof({ weight: 3, arbitrary: declaredValue(property, depth) }, { weight: 1, arbitrary: hostileValue() })]));
  return fc.tuple(
    fc.record(declared, { requiredKeys: [] }),
    fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(objectKey(), hostileValue(), { maxKeys: 3 }) }),
  ).map(([fields, extra]) => ({ ...extra, ...fields }));
}

/** A query string from an object: scalars as they are, arrays repeated, objects as `a[b]=`. */
export function queryStringOf(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) params.append(`${name}[${key}]`, String(inner));
    else params.append(name, value === null ? '' : String(value));
  }
  return params.toString();
}
