/**
 * Parameters of `POST /events` (SPEC.md "Events intake API"), from the query
 * string, a JSON body or a form body. Every problem is reported at once as
 * `[field, message]` pairs (REFERENCE.md 422 shape); nothing is looked up here.
 * An empty value clears a clearable field ("removed", for desired_completion_at).
 */
import { humanizeField, REQUEST_RECORD, unstorableText, validationFailed, type EventInput, type FieldError } from '@tessera/domain';
import { DATETIME_RANGE_TEXT, parseIsoDatetime } from '../filter-value.js';
import { intakeParameters, type IntakeParameter, type Kind } from '../record-schemas.js';
import { mergeParameters } from './merge-parameters.js';

export type { Kind } from '../record-schemas.js';

/**
 * Every parameter with its purpose: the fields of a new request as the domain
 * declares them (REQUEST_RECORD), and where to register the request.
 */
export const PARAMETERS: Readonly<Record<keyof EventInput, IntakeParameter>> = {
  ...(intakeParameters(REQUEST_RECORD) as Record<Exclude<keyof EventInput, 'support_domain'>, IntakeParameter>),
  support_domain: {
    kind: { type: 'name', max: 63 },
    purpose: "Account id of the support domain to register the request in; required when the caller's person is in a directory account",
  },
};

/** How parseEventInput reads each parameter. */
export const SPEC = Object.fromEntries(Object.entries(PARAMETERS).map(([name, { kind }]) => [name, kind])) as Readonly<Record<keyof EventInput, Kind>>;

/** `sourceID` is accepted for `source_id` (REFERENCE.md "Events intake"). */
export const ALIASES: Readonly<Record<string, string>> = { sourceID: 'source_id' };

export const humanize = humanizeField;

/**
 * Rules across fields (a downtime that ends before it starts, …) are not
 * checked here: the domain checks them on the request as it will be stored.
 */
export function parseEventInput(...sources: Array<Record<string, unknown> | undefined>): EventInput {
  const { values: raw, conflicts } = mergeParameters(sources, ALIASES);
  const input: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [field, kind] of Object.entries(SPEC) as Array<[keyof EventInput, Kind]>) {
    const result = conflicts.has(field) ? { error: `${humanize(field)} was given more than once with different values` } : parseValue(field, kind, raw[field]);
    if (result.error) errors.push([field, result.error]);
    else if (result.value !== undefined) input[field] = result.value;
  }
  if (errors.length > 0) throw validationFailed(errors);
  return input as EventInput;
}

interface Parsed {
  value?: unknown;
  error?: string;
}

function parseValue(field: string, kind: Kind, value: unknown): Parsed {
  const label = humanize(field);
  if (value === undefined) return kind.type === 'text' && kind.required ? { error: `${label} can't be blank` } : {};
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) return { error: `${label} must be given once, as a single value` };
  if (kind.type === 'id' && typeof value === 'number') return parseId(label, String(value));
  if (typeof value !== 'string' && value !== null) return { error: `${label} must be a string` };
  // Text PostgreSQL cannot store (a NUL, a lone surrogate): a 422 here instead of a failed insert or a changed text.
  const unstorable = typeof value === 'string' ? unstorableText(value) : null;
  if (unstorable) return { error: `${label} ${unstorable}` };
  const text = value === null ? '' : value.trim();
  if (text === '') {
    if (kind.type === 'text' && kind.required) return { error: `${label} can't be blank` };
    return { value: null };
  }
  switch (kind.type) {
    case 'text':
    case 'name':
      return text.length > kind.max ? { error: `${label} is too long (maximum is ${kind.max} characters)` } : { value: text };
    case 'enum':
      return kind.values.includes(text) ? { value: text } : { error: `${label} is not included in the list: ${kind.values.join(', ')}` };
    case 'datetime': {
      const date = parseIsoDatetime(text);
      return date ? { value: date } : { error: `${label} is not a valid ISO 8601 datetime from ${DATETIME_RANGE_TEXT}` };
    }
    case 'id':
      return parseId(label, text);
  }
}

function parseId(label: string, text: string): Parsed {
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) return { error: `${label} is not a valid id` };
  return { value: Number(text) };
}
