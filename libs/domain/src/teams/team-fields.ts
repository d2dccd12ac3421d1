/**
 * The fields of a team, declared once in its definition (team.record.ts): REST `POST`/`PATCH
 * /v1/teams`, the collection rules of `/v1/teams` and `/v1/people/:id/teams`, the answer's
 * schema and GraphQL's inputs derive from it.
 */
import type { FieldError } from '../errors/domain-error.js';
import { checkRecordInput, inDeclarationOrder } from '../records/check-record-input.js';
import type { WriteMode } from '../records/record-fields.js';
import { TEAM } from './team.record.js';

export { TEAM_MEMBERS_MAX, TEAM_NAME_MAX } from './team.record.js';

export const TEAM_RECORD = TEAM.fields;

/** A team's values after their checks: texts trimmed, defaults not applied; `manager_id` null clears it. */
export interface CheckedTeamInput {
  name?: string;
  manager_id?: number | null;
  disabled?: boolean;
  member_ids?: number[];
}

/** Every problem of a team's values, in the declaration's order; the checked values. */
export function checkTeamInput(input: Readonly<Record<string, unknown>>, mode: WriteMode): { values: CheckedTeamInput; errors: FieldError[] } {
  const { values, errors } = checkRecordInput(TEAM_RECORD, input, mode);
  return { values: values as CheckedTeamInput, errors: inDeclarationOrder(TEAM_RECORD, errors) };
}
