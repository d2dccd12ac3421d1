/**
 * The fields a caller gives to create or change a request through the API
 * (REST `POST`/`PATCH /v1/requests`, GraphQL `requestCreate`/`requestUpdate`),
 * named as the events intake names them (SPEC.md "Events intake API"
 * parameters, references by id only), and the checks of their values:
 * - subject: required on create, never blank, at most 190 characters;
 * - category, impact, status, completion_reason: one of request-values.ts;
 *   category and status cannot be cleared (a request always has them);
 * - notes at most 65,535 characters; source 30, source_id and supplier_requestID 128;
 * - ids are positive integers (whether they name a record of the account is
 *   the use case's lookup).
 * Every problem is reported at once as `[field, message]` pairs.
 */
import type { FieldError } from '../errors/domain-error.js';
import type { RequestChangeInput } from '../request-changes/request-change-input.js';
import { CATEGORIES, COMPLETION_REASONS, IMPACTS, STATUSES } from './request-values.js';

/** The fields both a new request and a change may set. `undefined`: not given; `null`: cleared. */
export interface RequestFieldsInput {
  subject?: string | null;
  category?: string | null;
  impact?: string | null;
  status?: string | null;
  completion_reason?: string | null;
  desired_completion_at?: Date | null;
  downtime_start_at?: Date | null;
  downtime_end_at?: Date | null;
  waiting_until?: Date | null;
  member_id?: number | null;
  team_id?: number | null;
}

export type RequestUpdateInput = RequestFieldsInput;

export interface RequestCreateInput extends RequestFieldsInput {
  note?: string | null;
  internal_note?: string | null;
  source?: string | null;
  source_id?: string | null;
  supplier_requestID?: string | null;
  service_instance_id?: number | null;
  ci_id?: number | null;
  requested_by_id?: number | null;
  requested_for_id?: number | null;
  supplier_id?: number | null;
  problem_id?: number | null;
  workflow_id?: number | null;
  template_id?: number | null;
}

export const REQUEST_SUBJECT_MAX_LENGTH = 190;
export const REQUEST_NOTE_MAX_LENGTH = 65_535;

const TEXTS: Record<string, number> = {
  subject: REQUEST_SUBJECT_MAX_LENGTH, note: REQUEST_NOTE_MAX_LENGTH, internal_note: REQUEST_NOTE_MAX_LENGTH,
  source: 30, source_id: 128, supplier_requestID: 128,
};
const ENUMS: Record<string, readonly string[]> = { category: CATEGORIES, impact: IMPACTS, status: STATUSES, completion_reason: COMPLETION_REASONS };
const IDS = [
  'member_id', 'team_id', 'service_instance_id', 'ci_id', 'requested_by_id', 'requested_for_id', 'supplier_id', 'problem_id', 'workflow_id', 'template_id',
];
const DATES = ['desired_completion_at', 'downtime_start_at', 'downtime_end_at', 'waiting_until'];
/** What a change may set (RequestFieldsInput). */
const UPDATE_FIELDS = new Set([...Object.keys(ENUMS), ...DATES, 'subject', 'member_id', 'team_id']);
/** A request always has these: given, they cannot be blank. */
const REQUIRED = new Set(['subject', 'category', 'status']);

export function humanizeField(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The input as the fields of a request change (texts trimmed, blank texts
 * null), and every problem of its values. On create, subject is required.
 */
export function checkRequestInput(input: RequestCreateInput, mode: 'create' | 'update'): { event: RequestChangeInput; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const event: Record<string, unknown> = {};
  if (mode === 'create' && (input.subject === undefined || input.subject === null)) errors.push(['subject', "Subject can't be blank"]);
  for (const [field, value] of Object.entries(input) as Array<[string, unknown]>) {
    if (value === undefined) continue;
    const error = mode === 'update' && !UPDATE_FIELDS.has(field) ? `'${field.slice(0, 80)}' cannot be changed` : valueError(field, value);
    if (error) errors.push([field, error]);
    else event[field] = typeof value === 'string' ? value.trim() || null : value;
    if (!error && event[field] === null && REQUIRED.has(field)) errors.push([field, `${humanizeField(field)} can't be blank`]);
  }
  return { event: event as RequestChangeInput, errors };
}

function valueError(field: string, value: unknown): string | null {
  const label = humanizeField(field);
  if (value === null) return null;
  if (field in TEXTS) {
    if (typeof value !== 'string') return `${label} must be a string`;
    if (value.includes('\u0000')) return `${label} contains a NUL character`;
    return value.trim().length > TEXTS[field]! ? `${label} is too long (maximum is ${TEXTS[field]} characters)` : null;
  }
  if (field in ENUMS) return typeof value === 'string' && ENUMS[field]!.includes(value.trim()) ? null : `${label} is not included in the list: ${ENUMS[field]!.join(', ')}`;
  if (IDS.includes(field)) return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 2_147_483_647 ? null : `${label} is not a valid id`;
  if (DATES.includes(field)) return value instanceof Date && !Number.isNaN(value.getTime()) ? null : `${label} is not a valid datetime`;
  return `'${field.slice(0, 80)}' is not a field of a request`;
}

/**
 * The events intake replaces an unknown team with the default team (SPEC.md
 * "Errors"); a caller of the request API names the team on purpose, so there
 * an unknown team is an error like any other unknown reference.
 */
export function unknownTeamError(event: Pick<RequestChangeInput, 'team_id'>, team: unknown): FieldError[] {
  return typeof event.team_id === 'number' && !team ? [['team_id', 'Team id does not match any record']] : [];
}
