/**
 * The checks of the fields a caller gives to create or change a request
 * through the API (REST `POST`/`PATCH /v1/requests`, GraphQL
 * `requestCreate`/`requestUpdate`), as request-fields.ts declares them
 * (records/check-record-input.ts states the checks): subject required on
 * create; subject, category and status never blank; lengths, values and ids
 * as declared. Every problem is reported at once as `[field, message]` pairs.
 */
import type { FieldError } from '../errors/domain-error.js';
import { checkRecordInput } from '../records/check-record-input.js';
import type { RequestChangeInput } from '../request-changes/request-change-input.js';
import { REQUEST_RECORD, type RequestCreateInput } from './request-fields.js';

export type { RequestCreateInput, RequestFieldsInput, RequestUpdateInput } from './request-fields.js';
export { REQUEST_NOTE_MAX_LENGTH, REQUEST_SUBJECT_MAX_LENGTH } from './request-fields.js';

/**
 * The input as the fields of a request change (texts trimmed, blank texts
 * null), and every problem of its values. On create, subject is required.
 */
export function checkRequestInput(input: RequestCreateInput, mode: 'create' | 'update'): { event: RequestChangeInput; errors: FieldError[] } {
  const { values, errors } = checkRecordInput(REQUEST_RECORD, input, mode === 'create' ? 'create' : 'change');
  return { event: values as RequestChangeInput, errors };
}

/**
 * The events intake replaces an unknown team with the default team (SPEC.md
 * "Errors"); a caller of the request API names the team on purpose, so there
 * an unknown team is an error like any other unknown reference.
 */
export function unknownTeamError(event: Pick<RequestChangeInput, 'team_id'>, team: unknown): FieldError[] {
  return typeof event.team_id === 'number' && !team ? [['team_id', 'Team id does not match any record']] : [];
}
