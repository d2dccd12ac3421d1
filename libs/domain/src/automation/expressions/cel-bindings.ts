import { celList, celMap } from '@bufbuild/cel';
import { reflect } from '@bufbuild/protobuf/reflect';
import { TimestampSchema, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { type CheckType, isList, isMapOf, isRecord } from './check-type.js';
import type { Usage } from './variable-usage.js';

/**
 * Turns the runner's JSON-like bindings into CEL values of the declared types: an `int`
 * field arrives as a JS number and becomes a bigint, a timestamp arrives as an ISO string
 * or a Date. A `dyn` value follows JSON's rules (every number a double), as CEL's own
 * google.protobuf.Value does. A declared field missing from the record reads as null.
 * Only the fields the expression reads are converted (`usage`, variable-usage.ts); maps and
 * lists are built as CEL values here, so the library does not wrap them again on each read.
 * Throws a BindingError naming the path of a value that does not fit its type.
 */
export class BindingError extends Error {}

export function toCelValue(value: unknown, type: CheckType, path: string, usage: Usage = 'whole'): unknown {
  if (value === null || value === undefined) return null;
  if (typeof type === 'string') return scalar(value, type, path);
  if (isList(type)) {
    if (!Array.isArray(value)) throw mismatch(path, 'a list', value);
    return celList(value.map((item, i) => toCelValue(item, type.list, `${path}[${i}]`)) as never[]);
  }
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) throw mismatch(path, 'a map', value);
  const source = value as Record<string, unknown>;
  const converted = new Map<string, unknown>();
  if (isRecord(type)) {
    for (const [name, field] of Object.entries(type.fields)) {
      const fieldUsage = usage === 'whole' ? 'whole' : usage.get(name);
      if (fieldUsage !== undefined) converted.set(name, toCelValue(source[name], field, `${path}.${name}`, fieldUsage));
    }
  } else {
    const valueType = isMapOf(type) ? type.mapOf.value : 'dyn';
    for (const [name, item] of Object.entries(source)) converted.set(name, toCelValue(item, valueType, `${path}.${name}`));
  }
  return celMap(converted as Map<string, never>);
}

function scalar(value: unknown, type: CheckType, path: string): unknown {
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw mismatch(path, 'a string', value);
      return value;
    case 'bool':
      if (typeof value !== 'boolean') throw mismatch(path, 'a bool', value);
      return value;
    // PostgreSQL's bigint and numeric arrive as strings through pg: taken when they are numbers.
    case 'int':
    case 'uint':
      if (typeof value === 'bigint') return value;
      if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
      if (typeof value !== 'number' || !Number.isInteger(value)) throw mismatch(path, 'an int', value);
      return BigInt(value);
    case 'double':
      if (typeof value === 'bigint') return Number(value);
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      if (typeof value !== 'number') throw mismatch(path, 'a number', value);
      return value;
    case 'timestamp': {
      const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
      if (!date || Number.isNaN(date.getTime())) throw mismatch(path, 'a timestamp', value);
      // Reflected already: the library would otherwise look the type up in a registry it only has during an evaluation.
      return reflect(TimestampSchema, timestampFromDate(date));
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
  if (Array.isArray(value)) return celList(value.map((item, i) => json(item, `${path}[${i}]`)) as never[]);
  if (typeof value === 'object') return celMap(new Map(Object.entries(value).map(([name, item]) => [name, json(item, `${path}.${name}`) as never])));
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  throw mismatch(path, 'a JSON value', value);
}

function mismatch(path: string, wanted: string, value: unknown): BindingError {
  const got = Array.isArray(value) ? 'a list' : value instanceof Date ? 'a date' : typeof value;
  return new BindingError(`${path} should be ${wanted}, not ${got}`);
}
