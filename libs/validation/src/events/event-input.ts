/**
 * Parameters of `POST /events` (SPEC.md "Events intake API"), from the query
 * string, a JSON body or a form body. Every problem is reported at once as
 * `[field, message]` pairs (REFERENCE.md 422 shape); nothing is looked up here.
 * An empty value clears a clearable field ("removed", for desired_completion_at).
 */
import { CATEGORIES, COMPLETION_REASONS, IMPACTS, STATUSES, validationFailed, type EventInput, type FieldError } from '@tessera/domain';
import { DATETIME_RANGE_TEXT, parseIsoDatetime } from '../filter-value.js';
import { mergeParameters } from './merge-parameters.js';

export type Kind =
  | { type: 'text'; max: number; required?: boolean }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'datetime' }
  | { type: 'id' }
  | { type: 'name'; max: number };

const TEXT_MAX = 65_535;
export const SPEC: Record<keyof EventInput, Kind> = {
  subject: { type: 'text', max: 190, required: true },
  note: { type: 'text', max: TEXT_MAX },
  internal_note: { type: 'text', max: TEXT_MAX },
  source: { type: 'text', max: 30 },
  source_id: { type: 'text', max: 128 },
  category: { type: 'enum', values: CATEGORIES },
  impact: { type: 'enum', values: IMPACTS },
  status: { type: 'enum', values: STATUSES },
  completion_reason: { type: 'enum', values: COMPLETION_REASONS },
  desired_completion_at: { type: 'datetime' },
  downtime_start_at: { type: 'datetime' },
  downtime_end_at: { type: 'datetime' },
  waiting_until: { type: 'datetime' },
  ci: { type: 'name', max: 190 },
  ci_id: { type: 'id' },
  ci_source: { type: 'name', max: 30 },
  ci_sourceID: { type: 'name', max: 128 },
  member: { type: 'name', max: 254 },
  member_id: { type: 'id' },
  requested_by: { type: 'name', max: 254 },
  requested_by_id: { type: 'id' },
  requested_for: { type: 'name', max: 254 },
  requested_for_id: { type: 'id' },
  service_instance: { type: 'name', max: 190 },
  service_instance_id: { type: 'id' },
  team: { type: 'name', max: 190 },
  team_id: { type: 'id' },
  supplier: { type: 'name', max: 190 },
  supplier_id: { type: 'id' },
  supplier_requestID: { type: 'text', max: 128 },
  problem_id: { type: 'id' },
  workflow_id: { type: 'id' },
  template_id: { type: 'id' },
  support_domain: { type: 'name', max: 63 },
};

/** `sourceID` is accepted for `source_id` (REFERENCE.md "Events intake"). */
export const ALIASES: Readonly<Record<string, string>> = { sourceID: 'source_id' };

export function humanize(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
  // PostgreSQL text cannot hold NUL; refusing it here keeps it a 422 instead of a failed insert.
  if (typeof value === 'string' && value.includes('\u0000')) return { error: `${label} contains a NUL character` };
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
