/**
 * The fields of a team, declared once (docs/decisions/031; the mechanism is
 * records/record-fields.ts): REST `POST`/`PATCH /v1/teams`, the `GET /v1/teams`
 * collection rules, the REST answer's schema and GraphQL `TeamCreateInput` /
 * `TeamUpdateInput` derive from it. Only the name is required; `member_ids` is a
 * set of person ids. Whether the manager and the members are people of the
 * account is the use case's lookup (write-teams.ts).
 */
import type { FieldError } from '../errors/domain-error.js';
import { checkRecordInput, inDeclarationOrder } from '../records/check-record-input.js';
import { declareRecord, type RecordInput, type WriteMode } from '../records/record-fields.js';

/** The `teams.name` column's length. */
export const TEAM_NAME_MAX = 190;
/** The most members one write may give: a team is a group of people, not a directory. */
export const TEAM_MEMBERS_MAX = 1000;

const ALL = { default: true, sort: true, filter: true } as const;

export const TEAM_RECORD = declareRecord('a team', {
  name: { type: 'text', max: TEAM_NAME_MAX, write: 'change', required: true, description: 'Name', note: 'Unique in the account', collection: ALL },
  manager_id: { type: 'reference', target: 'Person', write: 'change', description: 'Manager of the team', note: 'A person of the account or of its directory account; default none', collection: { default: true, filter: true } },
  disabled: { type: 'boolean', write: 'change', notBlank: true, description: 'Disabled', note: 'Default false', collection: { default: true, filter: true } },
  member_ids: {
    type: 'references', target: 'Person', max: TEAM_MEMBERS_MAX, set: true, write: 'change', read: false,
    description: 'Members of the team, people of the account or of its directory account',
    note: 'Default none. Read them at /v1/teams/:id/members',
  },
  // Read-only: what the service sets.
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The team id', collection: ALL },
  created_at: { type: 'datetime', notBlank: true, description: 'When the team was created', collection: ALL },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the team last changed', collection: ALL },
});

type TeamFields = typeof TEAM_RECORD.fields;
export type TeamCreateInput = RecordInput<TeamFields, 'create'>;
export type TeamUpdateInput = RecordInput<TeamFields, 'change'>;

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
