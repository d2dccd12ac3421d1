import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { type CheckType, isList, isMapOf, isRecord } from './check-type.js';

/**
 * Turns the runner's JSON-like bindings into CEL values of the declared types: an `int`
 * field arrives as a JS number and becomes a bigint, a timestamp arrives as an ISO string
 * or a Date. A `dyn` value follows JSON's rules (every number a double), as CEL's own
 * google.protobuf.Value does. A declared field missing from the record reads as null.
 * Throws a BindingError naming the path of a value that does not fit its type.
 */
export class BindingError extends Error {}

export function toCelValue(value: unknown, type: CheckType, path: string): unknown {
  if (value === null || value === undefined) return null;
  if (typeof type === 'string') return scalar(value, type, path);
  if (isList(type)) {
    if (!Array.isArray(value)) throw mismatch(path, 'a list', value);
    return value.map((item, i) => toCelValue(item, type.list, `${path}[${i}]`));
  }
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) throw mismatch(path, 'a map', value);
  const source = value as Record<string, unknown>;
  if (isRecord(type)) {
    const converted: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(type.fields)) converted[name] = toCelValue(source[name], field, `${path}.${name}`);
    return converted;
  }
  const valueType = isMapOf(type) ? type.mapOf.value : 'dyn';
  return Object.fromEntries(Object.entries(source).map(([name, item]) => [name, toCelValue(item, valueType, `${path}.${name}`)]));
}

function scalar(value: unknown, type: CheckType, path: string): unknown {
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw mismatch(path, 'a string', value);
      return value;
    case 'bool':
      if (typeof value !== 'boolean') throw mismatch(path, 'a bool', value);
      return value;
    case 'int':
    case 'uint':
      if (typeof value === 'bigint') return value;
      if (typeof value !== 'number' || !Number.isInteger(value)) throw mismatch(path, 'an int', value);
      return BigInt(value);
    case 'double':
      if (typeof value === 'bigint') return Number(value);
      if (typeof value !== 'number') throw mismatch(path, 'a number', value);
      return value;
    case 'timestamp': {
      const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
      if (!date || Number.isNaN(date.getTime())) throw mismatch(path, 'a timestamp', value);
      return timestampFromDate(date);
    }
    case 'null':
      throw mismatch(path, 'null', value);
    default:
      return json(value, path);
  }
}

function json(value: unknown, path: string): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item, i) => json(item, `${path}[${i}]`));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, json(item, `${path}.${name}`)]));
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  throw mismatch(path, 'a JSON value', value);
}

function mismatch(path: string, wanted: string, value: unknown): BindingError {
  const got = Array.isArray(value) ? 'a list' : value instanceof Date ? 'a date' : typeof value;
  return new BindingError(`${path} should be ${wanted}, not ${got}`);
}
