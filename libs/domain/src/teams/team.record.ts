/**
 * A team (issue 22), a record of the engine (docs/decisions/039): `/v1/teams`, GraphQL's
 * `Team`, `team.create` / `team.update`, written by the administrators of the account. Its
 * members are a set of people of the account or of its directory account, kept in
 * `team_memberships` and written with the team (`member_ids`) or with a person (`team_ids`, a
 * link the team owns: record-owned-links.ts); they are read as people, at
 * `/v1/teams/:id/members` and `Team.members`, never in the team's answer.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import type { RecordInput } from '../records/record-fields.js';

/** The `teams.name` column's length. */
export const TEAM_NAME_MAX = 190;
/** The most members one write may give: a team is a group of people, not a directory. */
export const TEAM_MEMBERS_MAX = 1000;

const { all: ALL } = FACETS;

const FIELDS = {
  name: { type: 'text', max: TEAM_NAME_MAX, write: 'change', required: true, description: 'Name', note: 'Unique in the account', collection: ALL },
  manager_id: { type: 'reference', target: 'Person', write: 'change', description: 'Manager of the team', note: 'A person of the account or of its directory account; default none', collection: { default: true, filter: true } },
  disabled: { type: 'boolean', write: 'change', notBlank: true, description: 'Disabled', note: 'Default false', collection: { default: true, filter: true } },
  member_ids: {
    type: 'references', target: 'Person', max: TEAM_MEMBERS_MAX, set: true, write: 'change', read: false,
    description: 'Members of the team, people of the account or of its directory account',
    note: 'Default none. Read them at /v1/teams/:id/members',
  },
} as const;

export const TEAM = defineRecord({
  noun: 'team',
  fields: FIELDS,
  defaults: { disabled: false },
  unique: 'name',
  links: { member_ids: { table: 'team_memberships', self: 'team_id', other: 'person_id', position: 'none' } },
  // The messages teams answered before the engine (issue 22), which clients may match on.
  missing: {
    manager_id: () => 'Manager id does not match any person of the account',
    member_ids: (ids) => `Member ids ${ids} do not match any person of the account`,
  },
  writers: { roles: ['administrator'], rule: 'This needs the administrator role in the account' },
  describe: {
    create: 'Only `name` is needed (unique in the account); no manager, no members and enabled by default. Fires team.create.',
    update: 'Name, manager, disabled, and members (`member_ids` replaces them). Fires team.update; a change that changes nothing fires nothing.',
  },
});

type Fields = typeof TEAM.fields.fields;
export type TeamCreateInput = RecordInput<Fields, 'create'>;
export type TeamUpdateInput = RecordInput<Fields, 'change'>;
