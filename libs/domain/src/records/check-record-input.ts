/**
 * The checks of a caller's values against a record's declaration
 * (record-fields.ts), every problem at once as `[field, message]` pairs:
 * - a field the record does not have, or one a change cannot set, is refused;
 * - a required field must be given on create; a required or never-blank
 *   field, given, cannot be blank;
 * - a text is a string PostgreSQL can store (no NUL, no lone surrogate), at most its maximum length (or size in
 *   UTF-8 bytes) once trimmed;
 * - an enum value is one of its values (in any letter case when it says so);
 *   an integer within its bounds; a list a list of at most its maximum items; a reference is a positive integer id
 *   (whether it names a record of the account is the use case's lookup);
 *   references, a list of such ids, each once (a set: repeats merged, in id
 *   order, null as none), at most its maximum;
 *   a datetime is a valid date; an integer, an integer; a boolean, a boolean.
 * Texts come back trimmed, blank texts as null.
 */
import { isCalendarDay } from './calendar-day.js';
import type { FieldError } from '../errors/domain-error.js';
import { MAX_RECORD_ID } from '../node-id.js';
import { isTimeZone } from './time-zone.js';
import { unstorableText } from './storable-text.js';
import { humanizeField, type FieldDeclaration, type RecordDeclaration, type WriteMode } from './record-fields.js';

const shown = (field: string) => field.slice(0, 80);

export function checkRecordInput(
  declaration: RecordDeclaration,
  input: Readonly<Record<string, unknown>>,
  mode: WriteMode,
): { values: Record<string, unknown>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  if (mode === 'create') {
    for (const [name, field] of Object.entries(declaration.fields)) {
      if (field.required && (input[name] === undefined || input[name] === null)) errors.push([name, `${humanizeField(name)} can't be blank`]);
    }
  }
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    // A read-only field is not one a caller gives.
    const field = Object.hasOwn(declaration.fields, name) && declaration.fields[name]!.write ? declaration.fields[name] : undefined;
    const error = mode === 'change' && field?.write !== 'change' ? `'${shown(name)}' cannot be changed` : valueError(declaration, name, field, value);
    if (error) errors.push([name, error]);
    else if (field?.type === 'references' && field.set) values[name] = asSet(value as number[] | null);
    else values[name] = typeof value === 'string' ? (field?.type === 'enum' && field.anyCase ? value.trim().toLowerCase() : value.trim()) || null : value;
    if (!error && values[name] === null && (field?.required || field?.notBlank)) errors.push([name, `${humanizeField(name)} can't be blank`]);
  }
  return { values, errors };
}

/** The ids of a set: each once, in id order; null, none. */
const asSet = (ids: readonly number[] | null): number[] => [...new Set(ids ?? [])].sort((a, b) => a - b);

function valueError(declaration: RecordDeclaration, name: string, field: FieldDeclaration | undefined, value: unknown): string | null {
  const label = humanizeField(name);
  if (value === null) return null;
  if (!field) return `'${shown(name)}' is not a field of ${declaration.what}`;
  switch (field.type) {
    case 'text': {
      if (typeof value !== 'string') return `${label} must be a string`;
      const unstorable = unstorableText(value);
      if (unstorable) return `${label} ${unstorable}`;
      if (field.maxBytes !== undefined && new TextEncoder().encode(value.trim()).byteLength > field.maxBytes) return `${label} is too long (maximum is ${field.maxBytes / 1024} KB)`;
      if (field.max !== undefined && value.trim().length > field.max) return `${label} is too long (maximum is ${field.max} characters)`;
      return field.format === 'time-zone' && !isTimeZone(value.trim()) ? `${label} is not a time zone (an IANA name such as Europe/Amsterdam or UTC)` : null;
    }
    case 'enum': {
      const given = typeof value === 'string' ? (field.anyCase ? value.trim().toLowerCase() : value.trim()) : null;
      return given !== null && field.values.includes(given) ? null : `${label} is not included in the list: ${field.values.join(', ')}`;
    }
    case 'reference':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_RECORD_ID ? null : `${label} is not a valid id`;
    case 'references': {
      if (!Array.isArray(value)) return `${label} must be a list of ids`;
      if (value.length > field.max) return `${label} are too many (maximum is ${field.max})`;
      if (!value.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_RECORD_ID)) return `${label} must be a list of valid ids`;
      if (field.set) return null;
      const twice = value.find((id, index) => value.indexOf(id) !== index);
      return twice === undefined ? null : `${label} give the id ${twice} twice`;
    }
    case 'date':
      return isCalendarDay(value) ? null : `${label} is not a valid date (YYYY-MM-DD, from 1900)`;
    case 'datetime':
      return value instanceof Date && !Number.isNaN(value.getTime()) ? null : `${label} is not a valid datetime`;
    case 'integer':
      if (!Number.isSafeInteger(value)) return `${label} must be an integer`;
      if (field.min !== undefined && (value as number) < field.min) return `${label} must be greater than or equal to ${field.min}`;
      return field.max !== undefined && (value as number) > field.max ? `${label} must be less than or equal to ${field.max}` : null;
    case 'list':
      if (!Array.isArray(value)) return `${label} must be a list`;
      if (field.max !== undefined && value.length > field.max) return `${label} has too many items (maximum is ${field.max})`;
      return field.of.type === 'enum' && !value.every((item) => (field.of as { values: readonly string[] }).values.includes(item)) ? `${label} are ${field.of.values.join(', ')}` : null;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${label} must be true or false`;
    case 'json':
      return null;
  }
}

/**
 * Problems in the declaration's order (a stable sort), those of other fields last: a use case
 * that adds problems of its own (a name taken, a reference missing) answers them in field order.
 */
export function inDeclarationOrder(declaration: RecordDeclaration, errors: readonly FieldError[]): FieldError[] {
  const order = Object.keys(declaration.fields);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return errors.map((error, index) => ({ error, index })).sort((a, b) => rank(a.error[0]) - rank(b.error[0]) || a.index - b.index).map(({ error }) => error);
}
